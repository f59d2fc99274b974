#!/usr/bin/env python3
"""Writes the mesh part of the shell benchmark decks in input_decks/ (regular S4 meshes).

    python3 tests/decks/make_shell_decks.py fv12 N          # NAFEMS FV12 plate, N x N S4
    python3 tests/decks/make_shell_decks.py strip L M        # Sze strip, length L, 16 x 1 S4,
                                                             # M = shear (3.1) or moment (3.2)
    python3 tests/decks/make_shell_decks.py annulus INC      # Sze 3.3 slit annular plate, 10 x 80 S4
    python3 tests/decks/make_shell_decks.py flying TYPE DT END INTEGRATOR [B]
                                                             # free-flying plate (S4 or S3), BENCHMARKS S5
prints the deck body (without its opening comment and EXPECT lines) to stdout; for the flying
plate also the closed-form invariants of its initial state (to stderr).
"""
import sys


def plate(n):
    lines = ["*HEADING", f"NAFEMS FV12 free thin square plate, {n} x {n} S4", "*NODE, NSET=ALL"]
    for j in range(n + 1):
        for i in range(n + 1):
            lines.append(f"{j * (n + 1) + i + 1}, {10.0 * i / n:.12g}, {10.0 * j / n:.12g}, 0.0")
    lines.append("*ELEMENT, TYPE=S4, ELSET=PLATE")
    for j in range(n):
        for i in range(n):
            a = j * (n + 1) + i + 1
            lines.append(f"{j * n + i + 1}, {a}, {a + 1}, {a + n + 2}, {a + n + 1}")
    lines += ["*MATERIAL, NAME=STEEL", "*ELASTIC", "200.e9, 0.3", "*DENSITY", "8000.",
              "*SHELL SECTION, ELSET=PLATE, MATERIAL=STEEL", "0.05",
              "*STEP", "*FREQUENCY", "14", "*END STEP"]
    return lines


def strip(length, load):
    nx = 16
    heading = ("Sze, Liu & Lo 3.1: cantilever strip under end shear" if load == "shear"
               else "Sze, Liu & Lo 3.2: strip rolled up by an end moment")
    lines = ["*HEADING", heading + ", 16 x 1 S4", "*NODE, NSET=ALL"]
    for j in range(2):
        for i in range(nx + 1):
            lines.append(f"{j * (nx + 1) + i + 1}, {length * i / nx:.15g}, {float(j):.1f}, 0.0")
    lines.append("*ELEMENT, TYPE=S4, ELSET=STRIP")
    for i in range(nx):
        a = i + 1
        lines.append(f"{i + 1}, {a}, {a + 1}, {a + nx + 2}, {a + nx + 1}")
    cload = "TIP, 3, 2.0" if load == "shear" else "TIP, 5, -26.17993877991494"
    lines += ["*NSET, NSET=ROOT", f"1, {nx + 2}", "*NSET, NSET=TIP", f"{nx + 1}, {2 * nx + 2}",
              "*MATERIAL, NAME=M", "*ELASTIC", "1.2e6, 0.0",
              "*SHELL SECTION, ELSET=STRIP, MATERIAL=M", "0.1",
              "*BOUNDARY", "ROOT, 1, 6",
              "*STEP, NLGEOM, INC=200", "*STATIC", "0.05, 1.0, 1e-4, 0.05", "*CLOAD", cload,
              "*NODE PRINT, NSET=TIP", "U", "*EL PRINT, ELSET=STRIP", "SF", "*END STEP"]
    return lines


def annulus(increment):
    """Sze 3.3: radii 6..10, slit at theta = 0, clamped there, line force p (z) on the edge at 2 pi."""
    import math
    nr, nt = 10, 80
    lines = ["*HEADING", "Sze, Liu & Lo 3.3: slit annular plate under a lifting line force, 10 x 80 S4",
             "*NODE, NSET=ALL"]
    node = lambda i, j: j * (nr + 1) + i + 1  # i radial 0..nr, j circumferential 0..nt
    for j in range(nt + 1):
        theta = 2.0 * math.pi * j / nt
        for i in range(nr + 1):
            r = 6.0 + 4.0 * i / nr
            lines.append(f"{node(i, j)}, {r * math.cos(theta):.15g}, {r * math.sin(theta):.15g}, 0.0")
    lines.append("*ELEMENT, TYPE=S4, ELSET=PLATE")
    for j in range(nt):
        for i in range(nr):
            lines.append(f"{j * nr + i + 1}, {node(i, j)}, {node(i + 1, j)}, {node(i + 1, j + 1)}, {node(i, j + 1)}")
    lines += ["*NSET, NSET=CLAMPED"] + [", ".join(str(node(i, 0)) for i in range(nr + 1))]
    lines += ["*NSET, NSET=A", str(node(0, nt)), "*NSET, NSET=B", str(node(nr, nt))]
    lines += ["*MATERIAL, NAME=M", "*ELASTIC", "21.e6, 0.0", "*SHELL SECTION, ELSET=PLATE, MATERIAL=M", "0.03",
              "*BOUNDARY", "CLAMPED, 1, 6",
              "*STEP, NLGEOM, INC=400", "*STATIC", f"{increment}, 1.0, 1e-5, {increment}", "*CLOAD"]
    h, pmax = 4.0 / nr, 0.8
    for i in range(nr + 1):
        share = 0.5 if i in (0, nr) else 1.0
        lines.append(f"{node(i, nt)}, 3, {share * h * pmax:.15g}")
    lines += ["*NODE PRINT, NSET=A", "U", "*NODE PRINT, NSET=B", "U", "*END STEP"]
    return lines


def flying(element, dt, end, integrator, bending=0.5):
    """A free 0.6 x 0.4 x 0.005 aluminium plate, 6 x 4 S4 (or each split into two S3), spinning
    rigidly with omega = (3, 2, 10) rad/s about its centre (not a principal axis) with a bending
    velocity V3 = B cos(pi x / a) on top (B = 0.5 m/s unless given; and the nodal rotation rate
    about y that goes with its slope, -dV3/dx). Returns the deck lines and the invariants of the
    initial state with the lumped masses corot uses (rho t A/4 per S4 corner, rho t A/3 per S3
    corner; rotary inertia rho t^3/12 I times the same share): the kinetic energy and
    the angular momentum about the origin."""
    import math
    a, b, t, rho, nx, ny = 0.6, 0.4, 0.005, 2700.0, 6, 4
    omega = (3.0, 2.0, 10.0)
    node = lambda i, j: j * (nx + 1) + i + 1
    x = {}
    lines = ["*HEADING", f"Free-flying spinning plate, {nx} x {ny} {element}, {integrator}", "*NODE, NSET=ALL"]
    for j in range(ny + 1):
        for i in range(nx + 1):
            x[node(i, j)] = (-a / 2 + a * i / nx, -b / 2 + b * j / ny, 0.0)
            lines.append(f"{node(i, j)}, {x[node(i, j)][0]:.15g}, {x[node(i, j)][1]:.15g}, 0.0")
    lines.append(f"*ELEMENT, TYPE={element}, ELSET=PLATE")
    share = {n: 0.0 for n in x}  # lumped area per node
    cell = a * b / (nx * ny)
    e = 0
    for j in range(ny):
        for i in range(nx):
            c = [node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)]
            if element == "S4":
                e += 1
                lines.append(f"{e}, {c[0]}, {c[1]}, {c[2]}, {c[3]}")
                for n in c:
                    share[n] += cell / 4
            else:
                for tri in ((c[0], c[1], c[2]), (c[0], c[2], c[3])):
                    e += 1
                    lines.append(f"{e}, {tri[0]}, {tri[1]}, {tri[2]}")
                    for n in tri:
                        share[n] += cell / 2 / 3
    corners = [node(0, 0), node(nx, 0), node(nx, ny), node(0, ny)]
    lines += ["*NSET, NSET=CORNERS", ", ".join(map(str, corners))]
    lines += ["*MATERIAL, NAME=ALUMINIUM", "*ELASTIC", "70.e9, 0.3", "*DENSITY", "2700.",
              "*SHELL SECTION, ELSET=PLATE, MATERIAL=ALUMINIUM", f"{t}",
              "*INITIAL CONDITIONS, TYPE=VELOCITY"]
    energy, momentum = 0.0, [0.0, 0.0, 0.0]
    cross = lambda u, v: (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    for n in sorted(x):
        v = list(cross(omega, x[n]))
        v[2] += bending * math.cos(math.pi * x[n][0] / a)
        for k in range(3):
            lines.append(f"{n}, {k + 1}, {v[k]:.17g}")
        # The nodes turn with the spin and with the slope of the bending velocity: d(theta_y)/dt = -dV3/dx.
        w = list(omega)
        w[1] += bending * math.pi / a * math.sin(math.pi * x[n][0] / a)
        for k in range(3):
            lines.append(f"{n}, {k + 4}, {w[k]:.17g}")
        m = rho * t * share[n]
        j = rho * t ** 3 / 12.0 * share[n]  # about each axis (Abaqus' rotary inertia of shells)
        energy += 0.5 * m * sum(c * c for c in v) + 0.5 * j * sum(c * c for c in w)
        r = cross(x[n], v)
        for k in range(3):
            momentum[k] += m * r[k] + j * w[k]
    lines += ["*STEP, NLGEOM", f"*DYNAMIC, DIRECT, INTEGRATOR={integrator}", f"{dt}, {end}",
              "*NODE PRINT, NSET=CORNERS", "U", "*ENERGY PRINT", "*END STEP"]
    return lines, energy, momentum


if __name__ == "__main__":
    if sys.argv[1] == "fv12":
        print("\n".join(plate(int(sys.argv[2]))))
    elif sys.argv[1] == "flying":
        deck, energy, momentum = flying(sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5],
                                        *(float(b) for b in sys.argv[6:7]))
        print("\n".join(deck))
        print(f"kinetic energy {energy!r}, angular momentum {[repr(m) for m in momentum]}", file=sys.stderr)
    elif sys.argv[1] == "annulus":
        print("\n".join(annulus(float(sys.argv[2]))))
    else:
        print("\n".join(strip(float(sys.argv[2]), sys.argv[3])))
