"""What each CalculiX test deck is compared with, and why (the specification behind README.md).

Every beam and truss deck of CalculiX's test suite (package calculix-ccx-test) has an entry, and
the spring decks without solids.
A check compares one number of corot's NAME.json (a path as in tests/decks/check_deck.py,
last value of a history) with a reference:
  - a closed form of beam theory (closed_forms.py) where CalculiX's answer is a brick answer:
    CalculiX expands every beam into 20-node bricks, whose displacements and frequencies
    differ from beam theory by up to several per cent and from one CalculiX version to the next
    (the .dat.ref files, written by an older CalculiX, and CalculiX 2.20 differ by 2-5 %);
  - 'ref': CalculiX's own figure in NAME.dat.ref, where beam theory and bricks agree exactly
    (reactions and section forces of statically determinate structures).
Each check may name the CalculiX figure it corresponds to (ccx=...), which is printed beside
it from NAME.dat.ref and, with --ccx, from a fresh CalculiX run, so the log shows all three.

Tolerances are relative to the check's scale (the largest reference value of its group) and
each states where the difference comes from.

status: 'enabled'     registered in CTest (tests/ccx/CMakeLists.txt lists them);
        'pending'     fails today because of a known issue 11 item; checks are ready, the deck
                      is enabled by adding it to the CMake list once that item is merged;
        'unsupported' corot must stop with the one-line file:line error in `error`.
"""
import math
import os

import re

import closed_forms as cf
import linear_frame


class Check:
    def __init__(self, step, path, reference, tolerance, ccx=None):
        self.step, self.path, self.reference, self.tolerance, self.ccx = step, path, reference, tolerance, ccx


class Deck:
    def __init__(self, status, summary, checks=(), why="", error="", pending="", derive=None):
        self.status, self.summary, self.derive = status, summary, derive
        self.checks = checks if callable(checks) else list(checks)
        self.why, self.error, self.pending = why, error, pending


def group(step, values, rtol, floor_scale=None):
    """Checks for {path: reference} (or {path: (reference, ccx)}) with tolerance rtol times the
    largest |reference| of the group (or floor_scale if given): zero components are then held
    to the same absolute level as the others."""
    scale = floor_scale or max(abs(v[0] if isinstance(v, tuple) else v) for v in values.values())
    checks = []
    for path, v in values.items():
        reference, ccx = v if isinstance(v, tuple) else (v, None)
        checks.append(Check(step, path, reference, rtol * scale, ccx))
    return checks


def disp(node, k):
    """The CalculiX displacement figure of node, component k (0-based), at total time 1."""
    return ("displacements", 1.0, node, k)


DECKS = {}

# ---------------------------------------------------------------------------------------------
# b31: 10 B31 along z, clamped at node 1, Fx = 1 at node 11 (z = 10); RECT 0.25 x 0.25, n1 = x.
# CalculiX prints brick stresses only; corot prints section forces at both ends and the middle of
# each element, which statics gives exactly: shear along n1 SF3 = 1, SM2 = 1 x (10 - z) (z of
# the section), nothing else. CalculiX's figure: sxz = 16.0 at every brick point = V/A = 1/0.0625.
checks = []
for e in range(1, 11):
    z = e - 1.0
    for end, dz in (("_end1", 0.0), ("", 0.5), ("_end2", 1.0)):
        checks += group(1, {f"element_output.{e}.SF3{end}": 1.0,
                            f"element_output.{e}.SM2{end}": 10.0 - z - dz,
                            f"element_output.{e}.SF1{end}": 0.0, f"element_output.{e}.SF2{end}": 0.0,
                            f"element_output.{e}.SM1{end}": 0.0, f"element_output.{e}.SM3{end}": 0.0},
                        1e-9, floor_scale=10.0)
DECKS["b31"] = Deck("enabled", "B31 cantilever, tip load: section forces", checks,
                    "statics of a cantilever (SM2 = 10 - z at both ends, SF3 = 1) to 1e-9; "
                    "CalculiX prints brick stresses (sxz = 16.0 = V/A)")

# ---------------------------------------------------------------------------------------------
# beamlin: B32 cantilever along x, 10 x 10 over 0..100, 5 x 5 over 100..150, axial Fx = 5000 at
# x = 150, E = 200000: u(x) = F x/(E A1) up to 100, then 0.025 + F (x - 100)/(E A2). The
# bricks add Poisson contraction at the section change: CalculiX's ref gives u(100) = 0.025608
# (+2.4 %), CalculiX 2.20 0.02546. The reaction RF1 = -5000 at the clamp is exact in both
# codes; CalculiX also lists the applied load at node 5 as a "force" (its RF is the nodal
# internal force at every node), which is not a reaction.
E = 200000.0
u = {1: 0.0, 2: 5000 * 50 / (E * 100), 3: 5000 * 100 / (E * 100), 4: 0.025 + 5000 * 25 / (E * 25),
     5: 0.025 + 5000 * 50 / (E * 25)}
checks = group(1, {f"node_output.{n}.U1": (v, disp(n, 0)) for n, v in u.items()}, 1e-9)
checks += group(1, {f"node_output.{n}.U{k}": (0.0, disp(n, k - 1)) for n in u for k in (2, 3)},
                1e-9, floor_scale=0.075)
checks += group(1, {"node_output.1.RF1": ("ref", ("forces", 1.0, 1, 0)),
                    "node_output.1.RF2": 0.0, "node_output.1.RF3": 0.0}, 1e-9, floor_scale=5000.0)
checks += group(1, {f"element_output.{e}.SF1_end1": 5000.0 for e in (1, 2, 3, 4)}, 1e-9)
DECKS["beamlin"] = Deck("enabled", "B32 stepped bar, axial load: U, RF, SF1", checks,
                        "u = F x/(EA) to 1e-9 (CalculiX's bricks: +2.4 % at the step in section "
                        "from Poisson contraction); RF1 = -5000 as in NAME.dat.ref")


# ---------------------------------------------------------------------------------------------
# beamtor: B32 cantilever along x, 0.05 x 0.08, torque Mx = 0.005 at x = 2, NLGEOM.
# Twist UR1(x) = T x/(G J) with Saint-Venant's J = 2.037356e-6; corot uses Roark's
# approximation 2.037523e-6 (8.2e-5 stiffer): tolerance 1e-4. CalculiX's only nonzero figure is
# U1 = -3.11e-7 at the tip (2.20: -3.11e-7): its bricks' fibres become helices and the axis
# shortens (the Wagner effect, second order in the twist), which a Timoshenko beam does not
# have; corot's U1 = 0 is held to 0.
G = 210000.0 / 2.6
J = cf.rectangle_torsion_exact(0.05, 0.08)
x_of = {1: 0.0, 3: 0.5, 2: 1.0, 5: 1.5, 4: 2.0}
checks = group(1, {f"node_output.{n}.UR1": 0.005 * x / (G * J) for n, x in x_of.items()}, 1e-4)
checks += group(1, {f"node_output.{n}.U{k}": (0.0, disp(n, k - 1)) for n in x_of for k in (1, 2, 3)},
                1e-9, floor_scale=1.0)
checks += group(1, {f"element_output.{e}.SM3_end1": 0.005 for e in (1, 2, 3, 4)}, 1e-9)
DECKS["beamtor"] = Deck("enabled", "B32 cantilever, end torque, NLGEOM: twist, SM3", checks,
                        "UR1 = T x/(GJ), Saint-Venant's J, to 1e-4 (corot's Roark J is 8.2e-5 "
                        "stiffer); CalculiX's tip U1 = -3.1e-7 is its bricks' Wagner shortening, "
                        "not in beam theory (corot 0)")

# ---------------------------------------------------------------------------------------------
# beamcom: two B32 layers on the same nodes along x (0..2), RECT 0.05 (along n1 = y) x 0.08
# (along n2 = z), OFFSET2 = -0.5 (E = 210000) and +0.5 (E = 110000): CalculiX puts a section's
# centre at node - OFFSETk h_k n_k (its brick expansion: OFFSET2 = +0.5 spans z = -0.08..0), so
# the stiff layer lies on top (z = +0.04), the soft one below (z = -0.04), bonded through the
# shared nodes (rigid offsets): a composite beam of height 0.16 with its modulus-weighted
# centroid z_c = 0.0125 above the node line. The axial pull 0.1 at node 4 (on the node line)
# acts z_c below it: the beam bends up. Closed form: closed_forms.offset_layers_axial_pull,
# the nonlinear beam-column (NLGEOM; the linear answer is 6.6 % larger, w_L = 9.879e-4; no
# shear force, so shear flexibility does not enter). CalculiX's bricks: w_L = 7.005e-4,
# u_L = 1.649e-4 (ref and 2.20 alike): 24 % stiffer in bending than the bonded composite,
# its two brick stacks being joined only at the nodes' knots.
rect = cf.rectangle(0.05, 0.08)
layers = [(210000.0, rect["A"], rect["I11"], 0.04), (110000.0, rect["A"], rect["I11"], -0.04)]
x_of = {1: 0.0, 3: 0.5, 2: 1.0, 5: 1.5, 4: 2.0}
uws = {n: cf.offset_layers_axial_pull(0.1, 2.0, x, layers) for n, x in x_of.items()}
# 4 B31 per layer (2 B32 split): tip U3 2.2e-3 below the closed form; converged (64 per layer)
# 1.5e-4 below, the shear flexibility P/(kGA) = 1.9e-4 the closed form leaves out.
checks = group(1, {f"node_output.{n}.U3": (w, disp(n, 2)) for n, (u, w, s) in uws.items()}, 3e-3)
checks += group(1, {f"node_output.{n}.U1": (u, disp(n, 0)) for n, (u, w, s) in uws.items()}, 1e-4)
checks += group(1, {f"node_output.{n}.UR2": -s for n, (u, w, s) in uws.items()}, 5e-4)
checks += group(1, {f"node_output.{n}.U2": (0.0, disp(n, 1)) for n in x_of}, 1e-9,
                floor_scale=1e-3)
DECKS["beamcom"] = Deck("enabled", "B32 composite beam from two offset sections, axial pull",
                        checks,
                        "bonded composite beam-column (rigid offsets, z_c = 0.0125): tip U3 "
                        "9.2675e-4 to 3e-3 (4 elements per layer: -2.2e-3), U1 1.6770e-4 to 1e-4, "
                        "UR2 -9.389e-4 to 5e-4; CalculiX's bricks 7.005e-4, 1.649e-4 (layers "
                        "joined only at the nodes)")
# beammix: clamped-clamped, x = 0 ... 2, B32 1-3-2 RECT 0.05 x 0.08 (n1 = y) and B32 2-5-4 CIRC
# 0.05, 0.08: CalculiX's solid ellipse of diameters 0.05 along n1 = (0, 0.7071, 0.7071) and 0.08
# along n2 (corot since issue 11; ccx 2.20 run on a cantilever with this section bends 4-5 %
# less than the ellipse beam, as its bricks do, and 15 times more than semi-axes 0.05, 0.08
# would), OFFSET1 = OFFSET2 = 0.5: the ellipse's centre lies -0.025 n1 - 0.04 n2 off the nodes
# (rigid eccentricity); Fz = 0.0025 at node 2, NLGEOM. Reference: the exact linear frame
# (linear_frame.py with the rigid offset, closed_forms.ellipse: Saint-Venant's J and Cowper's
# ellipse shear coefficients, re-derived from the Saint-Venant flexure solution; the exact
# rectangle torsion series): node 2 U3 4.15309e-4, U2 1.17956e-4 (the skewed ellipse). corot's
# own linear run of the deck equals it to 1e-7 (Roark's rectangle J in corot); NLGEOM adds
# +2.2e-3 of U3 (the offset member's second-order coupling): tolerance 3e-3 of the node 2 U3.
# CalculiX's answer is not a beam answer here: one C3D20R brick per half-span is 11 times too
# stiff (node 2 U3 2.77e-5 ref, 2.06e-5 with 2.20; the same deck with RECT for both halves and
# no offsets: ccx 2.16e-5 with these two B32, 1.80e-4 with four, beam theory 2.372e-4, corot
# 2.3716e-4).


def beammix_checks(tests):
    del tests
    E, G = 210000.0, 210000.0 / 2.6
    nodes = {1: [-1.49012e-08, 0.0, 0.0], 2: [1.0, 0.0, 0.0], 3: [0.5, 0.0, 0.0], 4: [2.0, 0.0, 0.0],
             5: [1.5, 0.0, 0.0]}
    rect = dict(cf.rectangle(0.05, 0.08), J=cf.rectangle_torsion_exact(0.05, 0.08))
    ellipse = cf.ellipse(0.05, 0.08, 0.3)
    n1 = [0.0, 0.5 ** 0.5, 0.5 ** 0.5]
    n2 = [0.0, -(0.5 ** 0.5), 0.5 ** 0.5]   # x cross n1
    centre = [-0.5 * 0.05 * a - 0.5 * 0.08 * b for a, b in zip(n1, n2)]
    members = [(1, 3, [0.0, 1.0, 0.0], E, G, rect), (3, 2, [0.0, 1.0, 0.0], E, G, rect),
               (2, 5, n1, E, G, ellipse, centre), (5, 4, n1, E, G, ellipse, centre)]
    u = linear_frame.solve(nodes, members, {1: range(1, 7), 4: range(1, 7)}, {(2, 3): 0.0025})
    values = {f"node_output.{n}.U{k}": (u[n][k - 1], disp(n, k - 1)) for n in nodes for k in (1, 2, 3)}
    return group(1, values, 3e-3)


DECKS["beammix"] = Deck("enabled", "B32 RECT + elliptical CIRC with offsets, clamped both ends, NLGEOM",
                        beammix_checks,
                        "exact linear frame with the rigid offset: node 2 U3 4.1531e-4, U2 1.1796e-4, "
                        "to 3e-3 (NLGEOM +2.2e-3); CalculiX's two bricks 11 times too stiff, "
                        "2.77e-5 / 2.06e-5 (ref / 2.20); the elliptical CIRC is read since issue 11")

# ---------------------------------------------------------------------------------------------
# boxprofile: 5 B32R (10 B31) cantilever, L = 1000, BOX 50 x 50, walls 3, E = 70000,
# rho = 7.85e-9. Step 2 *FREQUENCY 5: two pairs of bending modes and the first torsion mode.
# Reference: the exact clamped-free Timoshenko beam (Cowper's k = 0.4355 for a thin square
# tube) and uniform torsion with Bredt's J = 311469 and rho Ip, Ip = 2 I. Bending: corot's 10
# elements lie 1.2e-5 and 4.3e-4 above it (the consistent mass of the shear-flexible beam; the
# same cantilever with 20, 40, 80 B31: +2.9e-6 / +1.0e-4, +7.0e-7 / +2.6e-5, +1.8e-7 / +6.4e-6,
# order 2 from above), tolerances 2e-4 and 6e-4. (The Euler-Bernoulli mass used before issue 11
# gave -2.4e-6 / -8.7e-5 with 10 elements by cancellation and converged to -9.8e-6 / -3.5e-4.)
# Torsion: linear elements with
# consistent rotary inertia are stiff by (kh)^2/24 = 1.03e-3 (k h = pi/20; exact discrete value
# 400.554), tolerance 1.2e-3. CalculiX's bricks: 31.658, 195.47, 462.59 (ref), 32.470, 200.26,
# 462.99 (2.20): its torsion mode is 16 % stiffer than Bredt's.
box = cf.square_box(50.0, 3.0, 0.3)
E, G, rho = 70000.0, 70000.0 / 2.6, 7.85e-9
bend = cf.cantilever_bending_frequencies(2, 1000.0, E, G, rho, box["A"], box["I11"], box["k"])
torsion = cf.cantilever_torsion_frequencies(1, 1000.0, G, box["J"], rho, 2 * box["I11"])
checks = [Check(2, f"frequencies[{i}]", f, tol * f, ("frequencies", 0, i))
          for i, (f, tol) in enumerate([(bend[0], 2e-4), (bend[0], 2e-4), (bend[1], 6e-4), (bend[1], 6e-4)])]
checks.append(Check(2, "frequencies[4]", torsion[0], 1.2e-3 * torsion[0], ("frequencies", 0, 4)))
DECKS["boxprofile"] = Deck("enabled", "B32R box cantilever: 5 frequencies", checks,
                           "Timoshenko cantilever 31.938, 193.44 to 2e-4, 6e-4; torsion (Bredt) 400.14 "
                           "to 1.2e-3 (10 linear elements: +1.03e-3); CalculiX's bricks 31.66 / "
                           "32.47 (ref / 2.20), torsion 462.6")

# ---------------------------------------------------------------------------------------------
# pendel: a crank (B32 along -z, 30 long, its rotation about y driven by a ramp amplitude at
# 6.28 rad/s from rest) with a pendulum (B32, 300 long, RECT 10 x 10, steel) hinged at the crank's
# tip by *EQUATION on U1 and U3, gravity 9810 along -z, *DYNAMIC with HHT alpha = -0.3 over 1 s.
# CalculiX's .dat holds no printed result (only internal "KNOT" diagnostics) and its .frd.ref
# stops after 65 increments of 1e-5 ... 3e-3, so the reference is the rigid pendulum driven at its
# hinge (closed_forms.driven_pendulum, Runge-Kutta converged to 1e-12): the pendulum's first
# elastic mode (pinned-free, beta L = 3.9266) is 400 Hz against a swing of about 1 Hz, so its
# elastic deflection under the swing's loads is 1e-5 of the swing. The rigid body carries the mass
# distribution corot's *DYNAMIC uses, the lumped mass of the two B31 halves of each B32 (m/4 at
# the hinge, which moves with it, m/2 at 150, m/4 at 300, and rotary inertia rho I L about y):
# its inertia about the hinge is 33 750 m against m L^2/3 = 30 000 m for the uniform rod (issue 15
# brings the consistent co-rotational mass; the reference then becomes the uniform rod's).
# The derived deck adds a *NODE PRINT of the tip (node 6) every 1000th increment and the last; its
# *NODE FILE stays (a frame every increment, thinned to at most 1000 frames).
PENDEL_MASS = 7.8e-9 * 10.0 * 10.0 * 300.0
PENDEL_PHI, _ = cf.driven_pendulum(1.0, 6.28, 30.0, [(PENDEL_MASS / 2, 150.0), (PENDEL_MASS / 4, 300.0)],
                                   7.8e-9 * (10.0 ** 4 / 12.0) * 300.0, 9810.0)
# corot (HHT, automatic increments, TOLERANCE 1e-3): tip U1 118.44849, U3 24.33278 against
# 118.42367, 24.32197: 2.1e-4 of the swing. The difference is the time integration's: with DIRECT
# increments of 2e-4 and 1e-4 it is -2.15e-3, -8.3e-4 (U1) and -9.9e-4, -4.2e-4 (U3), shrinking
# towards the rigid pendulum (order 1.4: the impulsive start is first order). Tolerance 5e-4 of the
# swing, 2.4 times the automatic increments' error.
PENDEL_TOLERANCE = 5e-4
PENDEL_TIP = cf.driven_pendulum_displacement(1.0, 6.28, 30.0, PENDEL_PHI, 300.0)


def pendel_derive(text):
    return re.sub(r"(?im)^\*endstep", "*node print, nset=n1, frequency=1000\nu\n*endstep", text, count=1)


DECKS["pendel"] = Deck("enabled", "B32 crank + hinged pendulum, *DYNAMIC, HHT, NLGEOM",
                       group(1, {"node_output.6.U1": PENDEL_TIP[0], "node_output.6.U3": PENDEL_TIP[1]},
                             PENDEL_TOLERANCE),
                       "tip (node 6) at t = 1 against the rigid pendulum driven at its hinge with "
                       "corot's lumped mass distribution; CalculiX prints no result",
                       derive=pendel_derive)

# ---------------------------------------------------------------------------------------------
# rot1, rot2, rot3: B32 cantilever along x (0 ... 0.8), RECT 0.03 x 0.015 with n1 = z, moment
# M3 = 1e-3 at x = 0.8: pure bending about z, EI = E a b^3/12 = 1.771875e-3 (b = 0.015 along
# n2 = -y). Linear: w(x) = M x^2/(2EI), exact for the Timoshenko beam (no shear force).
# rot1 step 2: *BOUNDARY, OP=NEW clamps x = 0.4 only; the load stays: w = M (x - 0.4)^2/(2EI)
# beyond, 0 before (the part 0 ... 0.4 is unloaded and follows the clamp).
# rot2 step 2: moment -1e-3 added at x = 0.4: the same deflection as rot1 step 2.
# CalculiX's bricks: tip 0.18097 (ref), 0.17140 (2.20) against 0.180600; step 2 0.04380 /
# 0.04237 (rot1), 0.04790 / 0.04992 (rot2) against 0.045150.
E, EI, M = 210000.0, 210000.0 * 0.03 * 0.015 ** 3 / 12.0, 1e-3
x_of = {10: 0.0, 20: 0.2, 30: 0.4, 4: 0.6, 5: 0.8}


def bending(step, time, deflection, rtol):
    values = {f"node_output.{n}.U2": (deflection(x), ("displacements", time, n, 1)) for n, x in x_of.items()}
    checks = group(step, values, rtol)
    checks += group(step, {f"node_output.{n}.U{k}": (0.0, ("displacements", time, n, k - 1))
                           for n in x_of for k in (1, 3)}, 1e-9, floor_scale=0.18)
    return checks


step2 = lambda x: M * max(x - 0.4, 0.0) ** 2 / (2 * EI)
checks = bending(1, 1.0, lambda x: M * x * x / (2 * EI), 1e-9) + bending(2, 2.0, step2, 1e-9)
DECKS["rot1"] = Deck("enabled", "B32 cantilever, end moment; step 2 *BOUNDARY, OP=NEW", checks,
                     "w = M x^2/(2EI) (tip 0.180600) and, clamped at 0.4, 0.045150, to 1e-9; "
                     "CalculiX's bricks 0.18097 / 0.17140 and 0.04380 / 0.04237 (ref / 2.20)")
checks = bending(1, 1.0, lambda x: M * x * x / (2 * EI), 1e-9) + bending(2, 2.0, step2, 1e-9)
DECKS["rot2"] = Deck("enabled", "B32 cantilever, end moment; step 2 adds a moment", checks,
                     "w = M x^2/(2EI) (tip 0.180600), step 2 0.045150, to 1e-9; CalculiX's "
                     "bricks 0.18097 / 0.17140 and 0.04790 / 0.04992 (ref / 2.20)")

# rot3 (NLGEOM): a moment bends a beam into a circular arc of radius R = EI/M = 1.771875:
# w = R (1 - cos(x/R)), u = R sin(x/R) - x (tip 0.177552, -0.026904). Step 2 inherits NLGEOM
# (Abaqus, CalculiX): 0 ... 0.4 straight, beyond an arc: tip w = 0.044958, u = -0.003389 (the
# linear answer 0.045150 is 4.3e-3 off). CalculiX: its moment on a brick-expanded node is a
# fixed-direction force couple, not a moment: tip 0.11837 (ref) / 0.11561 (2.20), step 2
# 0.03218 / 0.03348. The elastica is met by corot's 4 B31 to 5e-7; tolerance 1e-5.
R = EI / M


def arc(step, time, origin):
    values = {}
    for n, x in x_of.items():
        s = max(x - origin, 0.0)
        values[f"node_output.{n}.U2"] = (R * (1 - math.cos(s / R)), ("displacements", time, n, 1))
        values[f"node_output.{n}.U1"] = (R * math.sin(s / R) - s, ("displacements", time, n, 0))
        values[f"node_output.{n}.U3"] = (0.0, ("displacements", time, n, 2))
    return group(step, values, 1e-5)


DECKS["rot3"] = Deck("enabled", "B32 cantilever, end moment, NLGEOM; step 2 adds a moment",
                     arc(1, 1.0, 0.0) + arc(2, 2.0, 0.4),
                     "elastica: tip w = 0.177552, u = -0.026904, step 2 0.044958, -0.003389, to "
                     "1e-5; CalculiX's bricks 0.11837 / 0.11561 (a moment on an expanded node "
                     "is a fixed couple of forces); before NLGEOM was carried into step 2 "
                     "(issue 11) step 2 was linear: tip 0.045150")

# ---------------------------------------------------------------------------------------------
# section: 20 B32 (40 B31) simply supported over L = 2 (pin at x = 0, roller at x = 2), RECT
# 0.05 x 0.08 with n1 = y, P = 0.01 along z at midspan (node 20), NLGEOM.
# Timoshenko: w(x) = P x (3L^2 - 4x^2)/(48 EI) + P x/(2 k G A), x <= L/2 (midspan 3.73881e-3);
# the nonlinear terms are of order w'^2 = 3e-5: tolerance 1e-4 of the midspan value.
# The roller moves by the axis' second-order shortening, int w'^2/2 dx, less the stretch of the
# tension P/2 sin(psi) near the supports: -1.67467e-5 + 4.43e-8 = -1.67024e-5; 40 elements
# are within 3e-5 of it: tolerance 1e-4 (CalculiX: -1.67135e-5 ref, -1.67153e-5 2.20).
# Section forces at the first node of each deck element (x = 0.1 (e - 1)): V2 = P/2 before the
# load, -P/2 after, M1 = P/2 min(x, L - x), to 1e-4 of P L/4 (co-rotated axes, angle 5.6e-3).
# CalculiX's bricks: midspan 3.73292e-3 (ref), 3.73266e-3 (2.20), 0.16 % softer.
E, G = 210000.0, 210000.0 / 2.6
sec = cf.rectangle(0.05, 0.08)
P, L = 0.01, 2.0
ei, kga = E * sec["I11"], sec["k"] * G * sec["A"]


def simply_supported(x):
    x = min(x, L - x)
    return P * x * (3 * L * L - 4 * x * x) / (48 * ei) + P * x / (2 * kga)


xs = {1: 0.0, 2: 0.1, 3: 0.05}
for e in range(2, 21):
    xs[2 * e] = 0.1 * e
    xs[2 * e + 1] = 0.1 * e - 0.05
checks = group(1, {f"node_output.{n}.U3": (simply_supported(x), disp(n, 2)) for n, x in xs.items()}, 1e-4)
checks += group(1, {f"node_output.{n}.U2": (0.0, disp(n, 1)) for n in xs}, 1e-9, floor_scale=3.7e-3)
shortening, n_quad = 0.0, 20000
for i in range(n_quad):
    x = (i + 0.5) * (L / 2) / n_quad
    slope = P * (L * L - 4 * x * x) / (16 * ei) + P / (2 * kga)
    shortening += slope * slope * (L / 2) / n_quad
# The tension P/2 sin(psi), psi the bending rotation, stretches the axis by (P/EA) w_bending(L/2).
stretch = P * (P * L ** 3 / (48 * ei)) / (E * sec["A"])
checks += group(1, {"node_output.40.U1": (-shortening + stretch, disp(40, 0))}, 1e-4)
forces = {}
for e in range(1, 21):
    x = 0.1 * (e - 1)
    forces[f"element_output.{e}.SF2_end1"] = P / 2 if x < 1.0 else -P / 2
    forces[f"element_output.{e}.SM1_end1"] = P / 2 * min(x, L - x)
    forces[f"element_output.{e}.SF3_end1"] = 0.0
    forces[f"element_output.{e}.SM2_end1"] = 0.0
    forces[f"element_output.{e}.SM3_end1"] = 0.0
checks += group(1, forces, 1e-4, floor_scale=P * L / 4)
DECKS["section"] = Deck("enabled", "B32 simply supported, midspan load, NLGEOM: U, section forces",
                        checks,
                        "Timoshenko w (midspan 3.73881e-3) to 1e-4, roller -1.67024e-5 to 1e-4, "
                        "SF2, SM1 at element ends by statics; CalculiX's bricks 3.7329e-3 "
                        "(-0.16 %), -1.6714e-5")

# ---------------------------------------------------------------------------------------------
# section4: 20 B32 cantilever along x, L = 2, SECTION=CIRC "0.01", axial F = 10 at the tip,
# NLGEOM. One CIRC value is the radius in corot (Abaqus' meaning; corot warns that CalculiX 2.20
# reads it as a diameter, input_decks/README.md). A beam's axial law is N = EA (l - L)/L:
# u(x) = F x/(EA) with A = pi r^2, r = 0.01: tip 0.303152 (round-off tolerance 1e-9).
# CalculiX reads a diameter and its bricks are St Venant-Kirchhoff: at the 37 % strain of its
# reading, lambda^3 - lambda = 2F/(E A0) gives 0.745 (CalculiX 0.7515 ref, 0.7512 2.20); the
# beam law with its diameter reading would give 1.21261.
A4 = math.pi * 0.01 ** 2
xs4 = {1: 0.0, 3: 0.05}
for e in range(1, 21):
    xs4[2 * e] = 0.1 * e
    xs4[2 * e + 1] = 0.1 * e - 0.05
checks = group(1, {f"node_output.{n}.U1": (10.0 * x / (210000.0 * A4), disp(n, 0)) for n, x in xs4.items()}, 1e-9)
checks += group(1, {f"element_output.{e}.SF1_end1": 10.0 for e in range(1, 21)}, 1e-9)
DECKS["section4"] = Deck("enabled", "B32 CIRC cantilever, axial load, NLGEOM", checks,
                         "u = F x/(EA) with A = pi r^2 (one CIRC value is Abaqus' radius; corot "
                         "warns): tip 0.303152; CalculiX reads a diameter: its bricks give 0.7515 "
                         "(beam law with its reading 1.21261)")

# ---------------------------------------------------------------------------------------------
# simplebeam: one B32R (two B31) along z, clamped at node 3 (z = 10), Fx = 1 at node 1 (z = 0).
# Section forces by statics: the load is on the first node's side, so the force on the section
# is minus the load: SF3 = -1, SM2 = z (z = 0, 5 at the ends of element 1, 5, 10 of element 2,
# the second half).
checks = group(1, {f"element_output.{e}.{name}{end}": value
                   for e, z1 in ((1, 0.0), (2, 5.0))
                   for end, z in (("_end1", z1), ("", z1 + 2.5), ("_end2", z1 + 5.0))
                   for name, value in (("SF3", -1.0), ("SM2", z), ("SF1", 0.0), ("SM3", 0.0))},
               1e-9)
DECKS["simplebeam"] = Deck("enabled", "one B32R cantilever, end load: section forces", checks,
                           "statics SF3 = -1, SM2 = z at both ends to 1e-9; CalculiX prints "
                           "brick stresses")

# ---------------------------------------------------------------------------------------------
# simplebeampipe1/2/3/4: 10 B32R (20 B31) along z, clamped at node 21 (z = 10), PIPE r = 0.11,
# t = 0.01, E = 1e7, nu = 0.3 (Cowper's k = 0.5325).
# 1: Fx = 1 at node 1: w(s) = P s^2 (3L - s)/(6EI) + P s/(kGA), s = 10 - z (tip 0.915227);
#    exact for corot's beam (to 1e-9). CalculiX's bricks: 0.93135 (ref), 0.90430 (2.20).
#    Section forces: V3 = -1, M2 = z.
# 2: the same with n1 = (0.7071, 0.7071, 0): a pipe is isotropic, U2 = 0.
# 3: *FREQUENCY 6 (rho = 7.8e-9): three pairs of bending modes of the exact Timoshenko
#    cantilever, 14882.02, 92846.80, 258123.9; 20 elements are 4.0e-7, 1.55e-5, 1.19e-4 above
#    (10, 40, 80 B31: +6.5e-4, +2.7e-5, +6.6e-6 on the third pair, order 2 from above):
#    tolerance 1e-4, 1e-4, 2e-4. (The Euler-Bernoulli mass used before issue 11 gave +2.3e-5 by
#    cancellation and converged to -5.1e-5.) CalculiX's bricks: 14711.9 / 15002.4 (ref / 2.20), 92028 / 93767,
#    256937 / 261587.
# 4: torque Mz = 1 at node 1: T = -1 in every element.
pipe_section = cf.pipe(0.11, 0.01, 0.3)
E, G = 1e7, 1e7 / 2.6
tip = {n: 10.0 - 0.5 * (n - 1) for n in range(1, 22)}   # node n at z = 0.5 (n - 1); s = 10 - z
deflection = {n: cf.cantilever_tip_load(1.0, 10.0, s, E, G, pipe_section) for n, s in tip.items()}
checks = group(1, {f"node_output.{n}.U1": (w, disp(n, 0)) for n, w in deflection.items()}, 1e-9)
checks += group(1, {f"node_output.{n}.U{k}": (0.0, disp(n, k - 1)) for n in tip for k in (2, 3)},
                1e-9, floor_scale=0.915)
forces = {}
for e in range(1, 11):
    z = 1.0 * (e - 1)
    forces.update({f"element_output.{e}.SF3_end1": -1.0, f"element_output.{e}.SM2_end1": z,
                   f"element_output.{e}.SF1_end1": 0.0, f"element_output.{e}.SM3_end1": 0.0,
                   f"element_output.{e}.SF2_end1": 0.0, f"element_output.{e}.SM1_end1": 0.0})
checks += group(1, forces, 1e-9, floor_scale=10.0)
DECKS["simplebeampipe1"] = Deck("enabled", "B32R pipe cantilever, end load: U, section forces",
                                checks, "Timoshenko tip 0.915227 to 1e-9, statics; CalculiX's "
                                "bricks 0.93135 / 0.90430 (ref / 2.20)")
checks = group(1, {f"node_output.{n}.U1": (w, disp(n, 0)) for n, w in deflection.items()}, 1e-9)
checks += group(1, {f"node_output.{n}.U{k}": (0.0, disp(n, k - 1)) for n in tip for k in (2, 3)},
                1e-9, floor_scale=0.915)
DECKS["simplebeampipe2"] = Deck("enabled", "B32R pipe cantilever, section axes at 45 deg", checks,
                                "as simplebeampipe1 (a pipe is isotropic): tip 0.915227, U2 = 0")
rho = 7.8e-9
f = cf.cantilever_bending_frequencies(3, 10.0, E, G, rho, pipe_section["A"], pipe_section["I11"],
                                      pipe_section["k"])
checks = [Check(1, f"frequencies[{i}]", f[i // 2], (2e-4 if i >= 4 else 1e-4) * f[i // 2],
                ("frequencies", 0, i)) for i in range(6)]
DECKS["simplebeampipe3"] = Deck("enabled", "B32R pipe cantilever: 6 frequencies", checks,
                                "Timoshenko cantilever 14882.0, 92846.8 to 1e-4, 258124 to 2e-4; "
                                "CalculiX's bricks 14711.9 / 15002.4 (ref / 2.20)")
checks = group(1, {f"element_output.{e}.{name}{end}": (-1.0 if name == "SM3" else 0.0)
                   for e in range(1, 21) for name in ("SM3", "SF1", "SF2", "SF3", "SM1", "SM2")
                   for end in ("", "_end1", "_end2")}, 1e-9)
DECKS["simplebeampipe4"] = Deck("enabled", "B32R pipe cantilever, end torque: section forces",
                                checks, "statics SM3 = -1 at both ends to 1e-9; CalculiX prints brick stresses")

# ---------------------------------------------------------------------------------------------
# swing: a frame of 20 B32 (two A-shaped legs in x-y planes at z = 0 and 3, joined at their
# apexes by a bar along z), square 0.05 sections (SECTION=RECT with one dimension, which
# CalculiX reads as a square), feet clamped, Fy = -0.001 at the bar's midspan (node 37), NLGEOM.
# Statically indeterminate: the reference is the exact linear beam-theory answer of the same
# frame (linear_frame.py, Timoshenko members, Saint-Venant's J), midspan U2 = -1.8825e-3.
# NLGEOM adds second-order effects: the legs carry N/N_cr = 0.4 % (P-delta) and the bar's
# shortening pulls the apexes together (U3 of node 8: 6.7e-7 linear, 2.0e-6 with NLGEOM):
# tolerance 3e-3 of the midspan deflection. CalculiX's bricks are 23 % stiffer: midspan
# -1.4537e-3 (ref), -1.4490e-3 (2.20); corot's own linear run of the deck gives -1.88252e-3,
# the frame solver -1.88254e-3.


def swing_checks(tests):
    nodes, elements, mode = {}, [], None
    with open(os.path.join(tests, "swing.inp"), encoding="utf-8") as deck:
        for line in deck:
            if line.startswith("*"):
                keyword = line.split(",")[0].strip().upper()
                mode = keyword if keyword in ("*NODE", "*ELEMENT") else None
                continue
            fields = line.replace(",", " ").split()
            if mode == "*NODE" and fields:
                nodes[int(fields[0])] = [float(x) for x in fields[1:4]]
            elif mode == "*ELEMENT" and fields:
                elements.append([int(x) for x in fields])
    E, G = 210000.0, 210000.0 / 2.6
    section = dict(cf.rectangle(0.05, 0.05), J=cf.rectangle_torsion_exact(0.05, 0.05))
    members = []
    for element, a, middle, b in elements:          # B32 = two members, n1 by ELSET
        n1 = [0.0, 0.0, 1.0] if element <= 16 else [0.0, 1.0, 0.0]
        members += [(a, middle, n1, E, G, section), (middle, b, n1, E, G, section)]
    clamped = {n: range(1, 7) for n in (1, 16, 18, 33)}
    u = linear_frame.solve(nodes, members, clamped, {(37, 2): -0.001})
    values = {f"node_output.{n}.U{k}": (u[n][k - 1], disp(n, k - 1)) for n in nodes for k in (1, 2, 3)}
    return group(1, values, 3e-3)


DECKS["swing"] = Deck("enabled", "B32 frame, RECT with one dimension, NLGEOM", swing_checks,
                      "exact linear frame (independent solver): midspan U2 -1.8825e-3, to 3e-3 "
                      "(NLGEOM: P-delta 0.4 %, bar shortening); CalculiX's bricks 23 % stiffer, "
                      "-1.4537e-3 / -1.4490e-3 (ref / 2.20); RECT with one value is a square "
                      "(CalculiX), read since issue 11")

# ---------------------------------------------------------------------------------------------
# truss: two T3D2 in the x-z plane, pinned at both ends, Fx = 1 at the apex. Nothing restrains
# the apex along y and no load acts there: as Abaqus (zero pivot, a warning, and on), corot holds
# node 2 UY with a warning in the .dat; CalculiX's expanded bricks have bending stiffness.
# Statics: N = 1/(2 cos 45) = 0.70711 in each bar (tension), stress N/A = 11.3137 (CalculiX:
# sxx = szz = +-sxz = 5.656854 = 11.3137/2, exact). The deck prints no displacements (*NODE
# FILE only); the closed form U1 = sqrt(2) N L/(EA) = 1.13137e-5 is checked in
# tests/unit/test_zero_pivot_hold.cc.
DECKS["truss"] = Deck("enabled", "two T3D2, apex load; apex free along y (held)",
                      group(1, {f"element_output.{e}.SF1_end1": 1.0 / math.sqrt(2.0) for e in (1, 2)},
                            1e-9),
                      "statics of the two-bar truss, N = 1/sqrt(2) in both bars, to 1e-9; "
                      "CalculiX prints brick stresses (sxx = szz = 5.656854 = (N/A)/2)")

# ---------------------------------------------------------------------------------------------
# spring1: a SPRINGA (k = 10) from a fixed node to node 2, Fx = 1 there, NLGEOM: U1 = F/k = 0.1
# (closed form; CalculiX's ref 1.000000E-01 exactly). spring2: the same with *SPRING, NONLINEAR
# (a force-elongation table), which corot refuses at its line.
DECKS["spring1"] = Deck("enabled", "SPRINGA, axial load, NLGEOM",
                        [Check(1, "node_output.2.U1", 0.1, 1e-12, disp(2, 0)),
                         Check(1, "node_output.2.U2", 0.0, 1e-12, disp(2, 1))],
                        "U1 = F/k of the linear spring, to 1e-12 (CalculiX: 0.1 exactly)")
DECKS["spring2"] = Deck("unsupported", "SPRINGA with a NONLINEAR force-elongation table",
                        error=r"spring2\.inp:13: \*SPRING, NONLINEAR \(a force-elongation table\) "
                              r"is not supported")

# ---------------------------------------------------------------------------------------------
# uprofile: B32R cantilever, BOX with one wall 0.0001 thick (a U profile); *FREQUENCY then two
# *STATIC, the second after *END STEP without a *STEP: CalculiX 2.20 reports "*ERROR in
# calinput: *END STEP card in step 3 was not preceded by a *STEP card" and goes on; corot stops.
DECKS["uprofile"] = Deck("unsupported", "B32R U-profile (BOX with a 1e-4 wall), malformed steps",
                         error=r"uprofile\.inp:49: \*STATIC is only allowed inside a \*STEP \.\.\. \*END STEP")

# ---------------------------------------------------------------------------------------------
# Decks with solids or shells.
DECKS["contact11"] = Deck("unsupported", "C3D8 solids with contact",
                          error=r"contact11\.inp:17: unknown element type C3D8")
DECKS["shellbeam"] = Deck("unsupported", "S8 shells with B32 beams",
                          error=r"shellbeam\.inp:23: unknown element type S8")
# Beams among elements corot does not have (the package installs these four gzipped; conformance.py
# reads them in place and writes the text into the results directory).
DECKS["pret3"] = Deck("unsupported", "B31 bolt in C3D20R solids, pre-tension section, DCOUP3D",
                      error=r"pret3\.inp:109: unknown element type C3D20R")
DECKS["segmentbeam"] = Deck("unsupported", "B31 ring on C3D20 disk segment, cyclic symmetry",
                            error=r"segmentbeam\.inp:674: unknown element type C3D20")
DECKS["segmentbeam2"] = Deck("unsupported", "as segmentbeam, beam rotation suppressed (*TRANSFORM)",
                             error=r"segmentbeam2\.inp:675: unknown element type C3D20")
DECKS["wire"] = Deck("unsupported", "B32 heating wire over an S8 plate, radiation heat transfer",
                     error=r"wire\.inp:119: unknown element type S8")
