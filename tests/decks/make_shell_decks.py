#!/usr/bin/env python3
"""Writes the mesh part of the shell benchmark decks in input_decks/ (regular S4 meshes).

    python3 tests/decks/make_shell_decks.py fv12 N          # NAFEMS FV12 plate, N x N S4
    python3 tests/decks/make_shell_decks.py strip L M        # Sze strip, length L, 16 x 1 S4,
                                                             # M = shear (3.1) or moment (3.2)
    python3 tests/decks/make_shell_decks.py annulus INC      # Sze 3.3 slit annular plate, 10 x 80 S4
prints the deck body (without its opening comment and EXPECT lines) to stdout.
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


if __name__ == "__main__":
    if sys.argv[1] == "fv12":
        print("\n".join(plate(int(sys.argv[2]))))
    elif sys.argv[1] == "annulus":
        print("\n".join(annulus(float(sys.argv[2]))))
    else:
        print("\n".join(strip(float(sys.argv[2]), sys.argv[3])))
