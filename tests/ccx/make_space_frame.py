#!/usr/bin/env python3
"""Writes the model part of input_decks/space_frame_b32_frequencies.inp (a deck both corot and
CalculiX read): a 4 x 3 m space frame with a sloped roof and a diagonal brace, nine members of
quadratic beams (B32R; corot splits each into two B31), rectangular sections whose 1-directions
(n1) are neither global axes nor the same from member to member.

  python3 make_space_frame.py --elements 16 > model.inp
"""
import argparse
import math


def unit(v):
    n = math.sqrt(sum(x * x for x in v))
    return tuple(x / n for x in v)


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--elements", type=int, default=16, help="B32R elements per member")
    n_elements = parser.parse_args().elements

    corners = {1: (0, 0, 0), 2: (4, 0, 0), 3: (4, 3, 0), 4: (0, 3, 0),
               5: (0, 0, 3), 6: (4, 0, 3), 7: (4, 3, 3.5), 8: (0, 3, 3.5)}
    # name, end nodes, section dimensions (a along n1, b along n2), n1 (exactly normal to the axis)
    w67 = unit(cross((1, 0, 0), (0, 3, 0.5)))
    w85 = unit(cross((1, 0, 0), (0, -3, -0.5)))
    members = [("COL1", 1, 5, "0.12, 0.06", (0.8, 0.6, 0.0)),
               ("COL2", 2, 6, "0.12, 0.06", (0.8, 0.6, 0.0)),
               ("COL3", 3, 7, "0.12, 0.06", (0.8, 0.6, 0.0)),
               ("COL4", 4, 8, "0.12, 0.06", (0.8, 0.6, 0.0)),
               ("BEAM56", 5, 6, "0.10, 0.05", (0.0, 0.6, 0.8)),
               ("BEAM67", 6, 7, "0.10, 0.05", (0.6, 0.8 * w67[1], 0.8 * w67[2])),
               ("BEAM78", 7, 8, "0.10, 0.05", (0.0, -0.8, 0.6)),
               ("BEAM85", 8, 5, "0.10, 0.05", (-0.8, 0.6 * w85[1], 0.6 * w85[2])),
               ("BRACE", 1, 7, "0.06, 0.04", (0.6, -0.8, 0.0))]

    nodes, next_node, lines, element = dict(corners), 101, [], 1
    blocks = []
    for name, a, b, _, n1 in members:
        pa, pb = corners[a], corners[b]
        axis = tuple(y - x for x, y in zip(pa, pb))
        assert abs(sum(x * y for x, y in zip(n1, axis))) < 1e-12, name
        ids = [a]
        for k in range(1, 2 * n_elements):
            nodes[next_node] = tuple(pa[i] + k / (2 * n_elements) * axis[i] for i in range(3))
            ids.append(next_node)
            next_node += 1
        ids.append(b)
        block = [f"*ELEMENT, TYPE=B32R, ELSET={name}"]
        for e in range(n_elements):
            block.append(f"{element}, {ids[2 * e]}, {ids[2 * e + 1]}, {ids[2 * e + 2]}")
            element += 1
        blocks.append("\n".join(block))

    lines.append("*NODE, NSET=ALL")
    lines += [f"{i}, {p[0]:.12g}, {p[1]:.12g}, {p[2]:.12g}" for i, p in nodes.items()]
    lines += blocks
    lines.append("*NSET, NSET=BASE\n1, 2, 3, 4")
    lines.append("*MATERIAL, NAME=STEEL\n*ELASTIC\n2.1e11, 0.3\n*DENSITY\n7850.0")
    for name, _, _, dims, n1 in members:
        lines.append(f"*BEAM SECTION, ELSET={name}, MATERIAL=STEEL, SECTION=RECT\n{dims}\n"
                     f"{n1[0]:.15g}, {n1[1]:.15g}, {n1[2]:.15g}")
    lines.append("*BOUNDARY\nBASE, 1, 6")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
