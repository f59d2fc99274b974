"""Closed forms of beam theory that the CalculiX conformance decks are compared with where
CalculiX's own answer is not a beam answer (it expands every beam into 20-node bricks, whose
results change by several per cent between CalculiX versions; see README.md).

Section properties follow the literature corot cites (Roark's Formulas for Stress and Strain,
7th ed.; G. R. Cowper, J. Appl. Mech. 33 (1966) 335-340); the torsion constant of a rectangle is
also given as Saint-Venant's exact series, so a test can state how far corot's closed
approximation lies from it. Pure Python (no numpy) so the tests need nothing but python3.
"""
import math


def rectangle(a, b):
    """Solid rectangle, a along the local 1-direction, b along 2: A, I11 (about 1: a b^3/12), I22."""
    return {"A": a * b, "I11": a * b ** 3 / 12.0, "I22": b * a ** 3 / 12.0, "k": 5.0 / 6.0}


def rectangle_torsion_exact(a, b, terms=50):
    """Saint-Venant's series for a solid rectangle (Timoshenko & Goodier, Theory of Elasticity,
    sec. 109): J = L s^3 / 3 [1 - 192/pi^5 (s/L) sum_{n odd} tanh(n pi L / 2s) / n^5]."""
    longer, shorter = max(a, b), min(a, b)
    total = sum(math.tanh(n * math.pi * longer / (2 * shorter)) / n ** 5 for n in range(1, 2 * terms, 2))
    return longer * shorter ** 3 / 3.0 * (1.0 - 192.0 / math.pi ** 5 * shorter / longer * total)


def rectangle_torsion_roark(a, b):
    """Roark (7th ed., Table 10.7 case 4), the approximation corot uses: within 4 % of the series."""
    longer, shorter = max(a, b), min(a, b)
    r = shorter / longer
    return longer * shorter ** 3 * (1.0 / 3.0 - 0.21 * r * (1.0 - r ** 4 / 12.0))


def ellipse(d1, d2, nu):
    """Solid ellipse of diameters d1 along the local 1-direction and d2 along 2 (CalculiX's
    SECTION=CIRC with two values), semi-axes a1 = d1/2, a2 = d2/2: A = pi a1 a2,
    I11 = pi a1 a2^3/4, I22 = pi a1^3 a2/4, Saint-Venant's J = pi a1^3 a2^3/(a1^2 + a2^2)
    (Timoshenko & Goodier sec. 106) and Cowper's (1966) ellipse coefficient for shear along the
    semi-axis a (other semi-axis b): 12(1+nu) a^2 (3a^2 + b^2)/((40+37nu) a^4 + (16+10nu) a^2 b^2
    + nu b^4), k1 along 1, k2 along 2."""
    a1, a2 = d1 / 2.0, d2 / 2.0

    def cowper(a, b):
        return 12 * (1 + nu) * a * a * (3 * a * a + b * b) / (
            (40 + 37 * nu) * a ** 4 + (16 + 10 * nu) * a * a * b * b + nu * b ** 4)
    return {"A": math.pi * a1 * a2, "I11": math.pi * a1 * a2 ** 3 / 4.0,
            "I22": math.pi * a1 ** 3 * a2 / 4.0, "J": math.pi * (a1 * a2) ** 3 / (a1 * a1 + a2 * a2),
            "k1": cowper(a1, a2), "k2": cowper(a2, a1)}


def pipe(r, t, nu):
    """Tube of outer radius r, wall t: exact annulus, Cowper's hollow-circle shear coefficient."""
    ri = r - t
    m2 = (ri / r) ** 2
    inertia = math.pi * (r ** 4 - ri ** 4) / 4.0
    k = 6 * (1 + nu) * (1 + m2) ** 2 / ((7 + 6 * nu) * (1 + m2) ** 2 + (20 + 12 * nu) * m2)
    return {"A": math.pi * (r * r - ri * ri), "I11": inertia, "I22": inertia, "J": 2 * inertia, "k": k}


def square_box(a, t, nu):
    """Square box of outer side a and wall t (all four walls equal): exact A and I, Bredt's J on
    the wall mid-lines, Cowper's thin-walled square-tube shear coefficient 20(1+nu)/(48+39nu)."""
    inner = a - 2 * t
    inertia = (a ** 4 - inner ** 4) / 12.0
    mid = a - t
    return {"A": a * a - inner * inner, "I11": inertia, "I22": inertia,
            "J": 4.0 * mid ** 4 / (4 * mid / t), "k": 20 * (1 + nu) / (48 + 39 * nu)}


def cantilever_tip_load(P, L, s, E, G, section, inertia="I11"):
    """Deflection at distance s from the clamp of a Timoshenko cantilever of length L under an end
    load P: P s^2 (3L - s) / (6 EI) + P s / (k G A)."""
    return P * s * s * (3 * L - s) / (6 * E * section[inertia]) + P * s / (section["k"] * G * section["A"])


def offset_layers_axial_pull(P, L, x, layers):
    """Cantilever of stacked layers bonded at the node line (rigid offsets, plane sections), an
    axial pull P at the free end's node, nonlinear (the pull straightens the beam). layers: list
    of (E, A, I, z) with z the layer's centroid above the node line. The modulus-weighted
    centroid z_c = sum E A z / sum E A carries EA = sum E A and EI = sum E (I + A (z - z_c)^2);
    the pull acts z_c below it. Beam-column equilibrium EI w'' = P (z_c - (w_L - w)) with
    w(0) = w'(0) = 0 gives w(x) = z_c (cosh kx - 1)/cosh kL, k^2 = P/EI (linear limit
    z_c P x^2/(2 EI)). The node line's axial displacement: the centroid's strain P/EA plus z_c
    times the curvature, minus the shortening by the slope: u(x) = P x/EA + z_c w'(x)
    - int_0^x w'^2/2. Returns (u, w, w') at x (Euler-Bernoulli: the shear force P w' adds a
    relative P/(k G A) to the slope, 1.9e-4 for beamcom)."""
    ea = sum(e * a for e, a, i, z in layers)
    zc = sum(e * a * z for e, a, i, z in layers) / ea
    ei = sum(e * (i + a * (z - zc) ** 2) for e, a, i, z in layers)
    k = math.sqrt(P / ei)
    c = math.cosh(k * L)
    w = zc * (math.cosh(k * x) - 1.0) / c
    slope = zc * k * math.sinh(k * x) / c
    shortening = 0.5 * (zc * k / c) ** 2 * (math.sinh(2 * k * x) / (4 * k) - x / 2)
    return P * x / ea + zc * slope - shortening, w, slope


def _det4(m):
    """Determinant of a 4 x 4 matrix by Gaussian elimination with partial pivoting."""
    m = [row[:] for row in m]
    det = 1.0
    for c in range(4):
        p = max(range(c, 4), key=lambda r: abs(m[r][c]))
        if m[p][c] == 0.0:
            return 0.0
        if p != c:
            m[c], m[p] = m[p], m[c]
            det = -det
        det *= m[c][c]
        for r in range(c + 1, 4):
            f = m[r][c] / m[c][c]
            for k in range(c, 4):
                m[r][k] -= f * m[c][k]
    return det


def _timoshenko_clamped_free_determinant(omega, L, E, G, rho, A, I, k):
    """Frequency determinant of a uniform clamped-free Timoshenko beam (below the second
    spectrum, rho I omega^2 < k G A). With kGA = s, w = C1 cosh ax + C2 sinh ax + C3 cos bx
    + C4 sin bx and psi = p (C1 sinh + C2 cosh) + q (C3 sin - C4 cos), where a^2 and -b^2 are the
    roots mu of s EI mu^2 + (s rho I + rho A EI) w^2 mu + rho A w^2 (rho I w^2 - s) = 0,
    p = (s a^2 + rho A w^2)/(s a), q = (rho A w^2 - s b^2)/(s b); rows w(0), psi(0), psi'(L)
    and w'(L) - psi(L)."""
    s = k * G * A
    w2 = omega * omega
    qa, qb, qc = s * E * I, (s * rho * I + rho * A * E * I) * w2, rho * A * w2 * (rho * I * w2 - s)
    root = math.sqrt(qb * qb - 4 * qa * qc)
    mu1, mu2 = (-qb + root) / (2 * qa), (-qb - root) / (2 * qa)
    a, b = math.sqrt(mu1), math.sqrt(-mu2)
    p = (s * a * a + rho * A * w2) / (s * a)
    q = (rho * A * w2 - s * b * b) / (s * b)
    # Rows at x = L divided by cosh(aL) (same zeros, no overflow).
    ch, sh = 1.0, math.tanh(a * L)
    scale = 1.0 / math.cosh(a * L)
    co, si = math.cos(b * L) * scale, math.sin(b * L) * scale
    return _det4([[1.0, 0.0, 1.0, 0.0],
                  [0.0, p, 0.0, -q],
                  [p * a * ch, p * a * sh, q * b * co, q * b * si],
                  [(a - p) * sh, (a - p) * ch, -(b + q) * si, (b + q) * co]])


def cantilever_bending_frequencies(n, L, E, G, rho, A, I, k):
    """The first n bending frequencies (cycles/time) of a uniform clamped-free Timoshenko beam
    (shear deformation and rotary inertia), roots of the exact frequency determinant found by a
    scan and bisection; they approach the Euler-Bernoulli values 3.516, 22.03, 61.70 ...
    sqrt(EI / rho A L^4) / 2 pi for slender beams."""
    omega_eb = math.sqrt(E * I / (rho * A * L ** 4))
    cutoff = math.sqrt(k * G * A / (rho * I))
    f = lambda w: _timoshenko_clamped_free_determinant(w, L, E, G, rho, A, I, k)
    roots, step = [], 0.01 * omega_eb
    w0, d0 = 0.5 * omega_eb, f(0.5 * omega_eb)
    while len(roots) < n and w0 + step < cutoff:
        w1 = w0 + step
        d1 = f(w1)
        if d0 == 0.0 or d0 * d1 < 0.0:
            lo, hi, dlo = w0, w1, d0
            for _ in range(200):
                mid = 0.5 * (lo + hi)
                dm = f(mid)
                if dlo * dm <= 0.0:
                    hi = mid
                else:
                    lo, dlo = mid, dm
            roots.append(0.5 * (lo + hi) / (2 * math.pi))
        w0, d0 = w1, d1
    return roots


def cantilever_torsion_frequencies(n, L, G, J, rho, polar):
    """Uniform torsion of a clamped-free shaft without warping: f_i = (2i - 1)/(4L) sqrt(GJ/(rho Ip))."""
    return [(2 * i - 1) / (4.0 * L) * math.sqrt(G * J / (rho * polar)) for i in range(1, n + 1)]


def driven_pendulum(t_end, omega, crank, masses, rotary, g, steps=20000):
    """Rigid pendulum in the x-z plane hinged at the tip of a crank that turns about y at the
    constant rate omega from rest at t = 0 (CalculiX's pendel: the crank's rotation follows a
    ramp amplitude, so the hinge's velocity jumps from 0 to crank * omega at t = 0).

    The pendulum is a rigid line of point masses masses = [(m_i, r_i)] at distances r_i from the
    hinge plus a rotary inertia `rotary` about y; the direction from the hinge is
    d = (-sin phi, -cos phi) (phi = 0 hanging down, a rotation about y), gravity g along -z.
    Hinge p = crank (-sin theta, -cos theta), theta = omega t. Lagrange's equation with
    S = sum m_i r_i, I = sum m_i r_i^2 + rotary:
        I phi'' + S (p'' . d'(phi) + g sin phi) = 0,   p'' . d' = crank omega^2 sin(phi - theta).
    The jump of the hinge's velocity at t = 0 leaves the momentum conjugate to phi,
    S p' . d' + I phi', unchanged (zero): phi'(0+) = -S crank omega / I.
    Classical Runge-Kutta of order 4 with `steps` steps (the default is converged to 1e-12 of
    the swing at t_end = 1). Returns (phi, phi') at t_end and the displacement (u1, u3) of the
    point at distance r from the hinge is then tip_displacement(...)."""
    first = sum(m * r for m, r in masses)
    inertia = sum(m * r * r for m, r in masses) + rotary

    def rate(t, phi, phidot):
        theta = omega * t
        return phidot, -first / inertia * (crank * omega ** 2 * math.sin(phi - theta) + g * math.sin(phi))

    phi, phidot = 0.0, -first * crank * omega / inertia
    h = t_end / steps
    for i in range(steps):
        t = i * h
        k1 = rate(t, phi, phidot)
        k2 = rate(t + h / 2, phi + h / 2 * k1[0], phidot + h / 2 * k1[1])
        k3 = rate(t + h / 2, phi + h / 2 * k2[0], phidot + h / 2 * k2[1])
        k4 = rate(t + h, phi + h * k3[0], phidot + h * k3[1])
        phi += h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        phidot += h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
    return phi, phidot


def driven_pendulum_displacement(t, omega, crank, phi, r):
    """Displacement (u1, u3) at time t of the pendulum point at distance r from the hinge, which
    hangs at (0, -crank - r) at t = 0 (see driven_pendulum)."""
    theta = omega * t
    x = -crank * math.sin(theta) - r * math.sin(phi)
    z = -crank * math.cos(theta) - r * math.cos(phi)
    return x, z + crank + r
