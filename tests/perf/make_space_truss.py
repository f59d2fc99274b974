#!/usr/bin/env python3
"""Writes a 3D space-truss deck (a lattice tower of cubic bays) in the keyword subset that both
corot and CalculiX read: T3D2 bars along every edge plus one face diagonal per face and one body
diagonal per bay, so the truss is stable; one end clamped; a *FREQUENCY step for 20 modes.

The bars are massless and every node carries a 1 kg point mass (MASS elements): CalculiX expands
T3D2 bars into 20-node bricks, whose own bending modes (a few Hz for thin bars) would otherwise
fill the spectrum; with massless bars both codes solve the same pin-jointed truss.

usage: make_space_truss.py NX NY NZ OUT.inp      (nodes = (NX+1)(NY+1)(NZ+1), DOF = 3 x nodes)
"""
import sys


def main():
    nx, ny, nz = (int(v) for v in sys.argv[1:4])
    out = sys.argv[4]
    bay = 1.0

    def node(i, j, k):
        return 1 + i + (nx + 1) * (j + (ny + 1) * k)

    bars = set()

    def bar(a, b):
        bars.add((min(a, b), max(a, b)))

    for k in range(nz + 1):
        for j in range(ny + 1):
            for i in range(nx + 1):
                n = node(i, j, k)
                if i < nx:
                    bar(n, node(i + 1, j, k))
                if j < ny:
                    bar(n, node(i, j + 1, k))
                if k < nz:
                    bar(n, node(i, j, k + 1))
                if i < nx and j < ny:
                    bar(n, node(i + 1, j + 1, k))
                if i < nx and k < nz:
                    bar(n, node(i + 1, j, k + 1))
                if j < ny and k < nz:
                    bar(n, node(i, j + 1, k + 1))
                if i < nx and j < ny and k < nz:
                    bar(n, node(i + 1, j + 1, k + 1))
    n_nodes = (nx + 1) * (ny + 1) * (nz + 1)
    with open(out, "w", encoding="utf-8") as deck:
        deck.write("** Space-truss tower for the frequency benchmark (tests/perf/README.md).\n")
        deck.write(f"** {nx} x {ny} x {nz} cubic bays of {bay} m, {n_nodes} nodes, {3 * n_nodes} DOF, "
                   f"{len(bars)} massless T3D2 bars (steel, A = 1e-4 m^2), 1 kg at every node; base clamped; 20 modes.\n")
        deck.write("*NODE, NSET=NALL\n")
        for k in range(nz + 1):
            for j in range(ny + 1):
                for i in range(nx + 1):
                    deck.write(f"{node(i, j, k)}, {i * bay:g}, {j * bay:g}, {k * bay:g}\n")
        deck.write("*NSET, NSET=BASE\n")
        base = [node(i, j, 0) for j in range(ny + 1) for i in range(nx + 1)]
        for start in range(0, len(base), 16):
            deck.write(", ".join(str(n) for n in base[start:start + 16]) + "\n")
        deck.write("*ELEMENT, TYPE=T3D2, ELSET=EALL\n")
        for number, (a, b) in enumerate(sorted(bars), start=1):
            deck.write(f"{number}, {a}, {b}\n")
        deck.write(f"*ELEMENT, TYPE=MASS, ELSET=NODEMASS\n")
        for n in range(1, n_nodes + 1):
            deck.write(f"{len(bars) + n}, {n}\n")
        deck.write("*MASS, ELSET=NODEMASS\n1.0\n")
        deck.write("*MATERIAL, NAME=STEEL\n*ELASTIC\n2.1e11, 0.3\n")
        deck.write("*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL\n1.0e-4\n")
        deck.write("*BOUNDARY\nBASE, 1, 3\n")
        deck.write("*STEP\n*FREQUENCY\n20\n*END STEP\n")
    print(3 * n_nodes)


if __name__ == "__main__":
    main()
