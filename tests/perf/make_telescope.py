#!/usr/bin/env python3
"""Generate a deck of the character of Hutton & Smith's telescope focus unit (1993):
a stiff body (a grid of B31 beams carrying the focus-unit mass) on four splayed latticed
truss legs (T3D2), pinned to the ground. Each leg is a triangular lattice: three chords,
a batten triangle at every level and one diagonal per face and panel, so it is a rigid
space truss. The three top chord nodes of each leg are body nodes, which makes 36
interface DOFs (translations) between the body and the legs.

Usage: make_telescope.py --grid 21 --panels 40 --steps synthesis > deck.inp
--grid n      body grid of n x n nodes (DOF count grows as 6 n^2)
--panels p    panels per leg (3 (p + 1) nodes per leg)
--steps LIST  comma-separated step blocks to append, see STEP_BLOCKS below (or none);
              coarse=C is a free-interface synthesis with the cut-off C instead of --cutoff
"""
import argparse
import math
import sys

E, NU, RHO = 2.1e11, 0.3, 7850.0   # steel, SI units
BODY_SIZE, HEIGHT, FOOT = 1.0, 2.0, 1.6  # body half-width 0.5 m at z = 2 m; feet at +-1.6 m
LEG_RADIUS, CHORD_AREA, DIAGONAL_AREA = 0.1, 2.0e-4, 1.0e-4
BODY_BEAM = (0.05, 0.08)           # rectangular body beams, b x h (m), for a 21 x 21 grid; the width
                                   # scales with the grid spacing so that finer grids model the same body
FOCUS_MASS = 300.0                 # kg, the focus unit, spread over the central body nodes
CHOPPER_MASS = 100.0               # kg, the chopping mechanism: a small stiff frame on the body
CHOPPER_BEAM = (0.1, 0.1)          # its stiff square section (m)


def leg_frame(bottom, top):
    """Unit axis and two normals of a leg."""
    axis = [t - b for b, t in zip(bottom, top)]
    length = math.sqrt(sum(a * a for a in axis))
    axis = [a / length for a in axis]
    helper = [0.0, 0.0, 1.0] if abs(axis[2]) < 0.9 else [1.0, 0.0, 0.0]
    n1 = [axis[1] * helper[2] - axis[2] * helper[1], axis[2] * helper[0] - axis[0] * helper[2],
          axis[0] * helper[1] - axis[1] * helper[0]]
    n1_len = math.sqrt(sum(a * a for a in n1))
    n1 = [a / n1_len for a in n1]
    n2 = [axis[1] * n1[2] - axis[2] * n1[1], axis[2] * n1[0] - axis[0] * n1[2],
          axis[0] * n1[1] - axis[1] * n1[0]]
    return axis, n1, n2, length


def generate(grid, panels):
    nodes, beams, trusses, masses = {}, [], {}, []
    next_node = [1]

    def add_node(xyz):
        nid = next_node[0]
        nodes[nid] = xyz
        next_node[0] += 1
        return nid

    # Body grid at z = HEIGHT.
    body = {}
    for i in range(grid):
        for j in range(grid):
            x = -BODY_SIZE / 2 + BODY_SIZE * i / (grid - 1)
            y = -BODY_SIZE / 2 + BODY_SIZE * j / (grid - 1)
            body[i, j] = add_node((x, y, HEIGHT))
    for i in range(grid):
        for j in range(grid):
            if i + 1 < grid:
                beams.append((body[i, j], body[i + 1, j]))
            if j + 1 < grid:
                beams.append((body[i, j], body[i, j + 1]))
    centre = [body[i, j] for i in range(grid) for j in range(grid)
              if abs(i - (grid - 1) / 2) <= grid / 6 and abs(j - (grid - 1) / 2) <= grid / 6]
    masses = [(nid, FOCUS_MASS / len(centre)) for nid in centre]

    # The chopper: a square ring of four nodes 0.1 m above the body, on four posts.
    chopper_ring, chopper_posts = [], []
    offset = max(1, round(0.1 * (grid - 1) / BODY_SIZE))
    middle = (grid - 1) // 2
    base = [body[middle - offset, middle - offset], body[middle + offset, middle - offset],
            body[middle + offset, middle + offset], body[middle - offset, middle + offset]]
    top = []
    for nid in base:
        x, y, z = nodes[nid]
        top.append(add_node((x, y, z + 0.1)))
        chopper_posts.append((nid, top[-1]))
    for k in range(4):
        chopper_ring.append((top[k], top[(k + 1) % 4]))
    chopper = (chopper_ring, chopper_posts, [(nid, CHOPPER_MASS / 4) for nid in top])

    # Legs: from the feet to just below the body corners.
    supports = []
    corners = [(0, 0, -1, -1), (grid - 1, 0, 1, -1), (grid - 1, grid - 1, 1, 1), (0, grid - 1, -1, 1)]
    for leg, (ci, cj, sx, sy) in enumerate(corners, start=1):
        corner = body[ci, cj]
        cx, cy, _ = nodes[corner]
        bottom = (sx * FOOT, sy * FOOT, 0.0)
        top = (cx, cy, HEIGHT - 0.15)
        axis, n1, n2, length = leg_frame(bottom, top)
        levels = []
        for level in range(panels + 1):
            s = level / panels
            centre_point = [b + s * (t - b) for b, t in zip(bottom, top)]
            ring = []
            for k in range(3):
                phi = 2 * math.pi * k / 3
                p = [c + LEG_RADIUS * (math.cos(phi) * a + math.sin(phi) * b)
                     for c, a, b in zip(centre_point, n1, n2)]
                ring.append(add_node(tuple(p)))
            levels.append(ring)
        supports.extend(levels[0])
        members = []
        for level in range(panels + 1):
            ring = levels[level]
            for k in range(3):
                members.append((ring[k], ring[(k + 1) % 3], "BATTEN"))
            if level < panels:
                above = levels[level + 1]
                for k in range(3):
                    members.append((ring[k], above[k], "CHORD"))
                    members.append((ring[k], above[(k + 1) % 3], "DIAGONAL"))
        trusses[leg] = members
        # The top ring belongs to both the leg and the body: beams tie it to the corner.
        for k in range(3):
            beams.append((levels[-1][k], corner))
            beams.append((levels[-1][k], levels[-1][(k + 1) % 3]))
    return nodes, beams, trusses, masses, supports, chopper


STEP_BLOCKS = {
    "synthesis": """*STEP
*MODAL SYNTHESIS, METHOD=FREE INTERFACE, CUTOFF={cutoff}, RESIDUAL=YES, COMPARE=FULL
{modes}
*END STEP
""",
    "modify_mass": """*STEP
*MODIFICATION, COMPARE=FULL
RHO_CHOPPER, 1.37
*END STEP
""",
    "modify_leg": """*STEP
*MODIFICATION, COMPARE=FULL
RHO_LEG1, 0.5
E_LEG1, 0.5
*END STEP
""",
    "sensitivity": """*STEP
*SENSITIVITY
1, 2, 3, 4, 5, 6, 7, 8, 9, 10
*END STEP
""",
    "inverse_one": """*STEP
*INVERSE FREQUENCY, COMPARE=FULL
4, {target4}
*DESIGN VARIABLES
RHO_CHOPPER
*END STEP
""",
    "inverse_two": """*STEP
*INVERSE FREQUENCY, COMPARE=FULL
3, {target3}
4, {target4b}
*DESIGN VARIABLES
RHO_CHOPPER, E_LEG1
*END STEP
""",
    "frequency": """*STEP
*FREQUENCY
{modes}
*END STEP
""",
    "coarse": """*STEP
*MODAL SYNTHESIS, METHOD=FREE INTERFACE, CUTOFF={coarse}, RESIDUAL=YES, COMPARE=FULL
{modes}
*END STEP
""",
    "craig": """*STEP
*MODAL SYNTHESIS, METHOD=CRAIG BAMPTON, CUTOFF={cutoff}, COMPARE=FULL
{modes}
*END STEP
""",
}


def write(out, grid, panels, steps, cutoff, modes, header, chopper_scale=1.0, coarse=150.0):
    nodes, beams, trusses, masses, supports, chopper = generate(grid, panels)
    out.write(header)
    out.write("*HEADING\nTelescope focus unit: body on four latticed truss legs (after Hutton & Smith 1993)\n")
    out.write("*NODE, NSET=ALL\n")
    for nid, (x, y, z) in nodes.items():
        out.write(f"{nid}, {x:.9g}, {y:.9g}, {z:.9g}\n")
    eid = 1
    out.write("*ELEMENT, TYPE=B31, ELSET=BODY_BEAMS\n")
    for a, b in beams:
        out.write(f"{eid}, {a}, {b}\n")
        eid += 1
    leg_sets = {}
    for leg, members in trusses.items():
        for kind in ("CHORD", "BATTEN", "DIAGONAL"):
            out.write(f"*ELEMENT, TYPE=T3D2, ELSET=LEG{leg}_{kind}\n")
            for a, b, k in members:
                if k == kind:
                    out.write(f"{eid}, {a}, {b}\n")
                    eid += 1
        leg_sets[leg] = [f"LEG{leg}_{k}" for k in ("CHORD", "BATTEN", "DIAGONAL")]
    out.write("*ELEMENT, TYPE=MASS, ELSET=FOCUS_UNIT\n")
    mass_ids = []
    for nid, m in masses:
        out.write(f"{eid}, {nid}\n")
        mass_ids.append((eid, m))
        eid += 1
    ring, posts, chopper_masses = chopper
    for name, members in (("CHOPPER_RING", ring), ("CHOPPER_POSTS", posts)):
        out.write(f"*ELEMENT, TYPE=B31, ELSET={name}\n")
        for a, b in members:
            out.write(f"{eid}, {a}, {b}\n")
            eid += 1
    out.write("*ELEMENT, TYPE=MASS, ELSET=CHOPPER_MASS\n")
    for nid, m in chopper_masses:
        out.write(f"{eid}, {nid}\n")
        eid += 1
    out.write("*ELSET, ELSET=CHOPPER\nCHOPPER_RING, CHOPPER_POSTS, CHOPPER_MASS\n")
    out.write("*ELSET, ELSET=BODY\nBODY_BEAMS, FOCUS_UNIT\n")
    for leg, names in leg_sets.items():
        out.write(f"*ELSET, ELSET=LEG{leg}\n" + ", ".join(names) + "\n")
    out.write(f"*MATERIAL, NAME=STEEL\n*ELASTIC\n{E:g}, {NU}\n*DENSITY\n{RHO}\n")
    out.write(f"*MATERIAL, NAME=CHOPPER_STEEL\n*ELASTIC\n{E:g}, {NU}\n*DENSITY\n{RHO * chopper_scale!r}\n")
    width = BODY_BEAM[0] * 20 / (grid - 1)
    out.write(f"*BEAM SECTION, ELSET=BODY_BEAMS, MATERIAL=STEEL, SECTION=RECT\n{width:.9g}, {BODY_BEAM[1]}\n0.0, 0.0, 1.0\n")
    out.write(f"*BEAM SECTION, ELSET=CHOPPER_RING, MATERIAL=CHOPPER_STEEL, SECTION=RECT\n{CHOPPER_BEAM[0]}, {CHOPPER_BEAM[1]}\n0.0, 0.0, 1.0\n")
    out.write(f"*BEAM SECTION, ELSET=CHOPPER_POSTS, MATERIAL=CHOPPER_STEEL, SECTION=RECT\n{CHOPPER_BEAM[0]}, {CHOPPER_BEAM[1]}\n1.0, 0.0, 0.0\n")
    for leg, names in leg_sets.items():
        for name in names:
            area = DIAGONAL_AREA if name.endswith("DIAGONAL") or name.endswith("BATTEN") else CHORD_AREA
            out.write(f"*SOLID SECTION, ELSET={name}, MATERIAL=STEEL\n{area:g}\n")
    out.write(f"*MASS, ELSET=FOCUS_UNIT\n{masses[0][1]:.9g}\n")
    out.write(f"*MASS, ELSET=CHOPPER_MASS\n{chopper_masses[0][1] * chopper_scale!r}\n")
    out.write("*NSET, NSET=FEET\n")
    for i in range(0, len(supports), 8):
        out.write(", ".join(str(s) for s in supports[i:i + 8]) + "\n")
    out.write("*BOUNDARY\nFEET, 1, 3\n")
    out.write("*COMPONENT, NAME=BODY, ELSET=BODY\n")
    out.write("*COMPONENT, NAME=CHOPPER, ELSET=CHOPPER\n")
    for leg in leg_sets:
        out.write(f"*COMPONENT, NAME=LEG{leg}, ELSET=LEG{leg}\n")
    out.write("*DESIGN PARAMETER, NAME=RHO_CHOPPER, COMPONENT=CHOPPER, PROPERTY=DENSITY\n")
    out.write("*DESIGN PARAMETER, NAME=RHO_BODY, COMPONENT=BODY, PROPERTY=DENSITY\n")
    out.write("*DESIGN PARAMETER, NAME=E_BODY, COMPONENT=BODY, PROPERTY=MODULUS\n")
    out.write("*DESIGN PARAMETER, NAME=RHO_LEG1, COMPONENT=LEG1, PROPERTY=DENSITY\n")
    out.write("*DESIGN PARAMETER, NAME=E_LEG1, COMPONENT=LEG1, PROPERTY=MODULUS\n")
    out.write("*DESIGN PARAMETER, NAME=A_LEG2, COMPONENT=LEG2, PROPERTY=AREA\n")
    for step in steps:
        name, _, value = step.partition("=")
        block_cutoff = float(value) if value else coarse
        out.write(STEP_BLOCKS[name].format(cutoff=cutoff, modes=modes, target4=32.0, target3=16.0, target4b=33.0,
                                           coarse=block_cutoff) if name in STEP_BLOCKS else step)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--grid", type=int, default=21)
    parser.add_argument("--panels", type=int, default=40)
    parser.add_argument("--cutoff", type=float, default=1000.0)
    parser.add_argument("--modes", type=int, default=40)
    parser.add_argument("--steps", default="synthesis")
    parser.add_argument("--chopper-scale", type=float, default=1.0,
                        help="multiplies the chopper's density and point masses (finite differences)")
    args = parser.parse_args()
    steps = [s for s in args.steps.split(",") if s and s != "none"]
    write(sys.stdout, args.grid, args.panels, steps, args.cutoff, args.modes, "", args.chopper_scale)


if __name__ == "__main__":
    main()
