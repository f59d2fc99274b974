#!/usr/bin/env python3
"""Writes input_decks/euler_columns_buckle_21k.inp: C parallel clamped-free B31 Euler columns of
N elements each, of lengths L_j = 100/sqrt(1 + j/10), under axial tip loads, *BUCKLE for six load
factors (the sparse Anasazi path: 6 C (N + 1) DOFs).

Why many columns and not one column of 3400 elements: the error floor of any eigensolver in
double precision is about eps cond(K), and cond(K) of one beam grows as 4 N^4 (5e14 for N = 3400,
where the first factor came out 4e-5 off with a residual of 4e-3; 5e-9 off at N = 200).
Columns of 34 elements keep cond(K) near 1e7, so the test checks the solver, not round-off.

usage: make_long_column_buckle.py C N OUT.inp   (the committed deck: C = 100, N = 34, 21 000 DOFs)
"""
import math
import sys

BASE_LENGTH, AREA, E, G = 100.0, 1.0, 1.0e4, 4.0e3
I11, I22, J = 0.08, 0.02, 0.1


def main():
    n_columns, n = int(sys.argv[1]), int(sys.argv[2])
    out = sys.argv[3]
    lengths = [BASE_LENGTH / math.sqrt(1.0 + 0.1 * j) for j in range(n_columns)]
    # Clamped-free Euler column: P_k = (2k - 1)^2 pi^2 E I / (4 L^2) about each section axis.
    factors = sorted((2 * k - 1) ** 2 * math.pi ** 2 * E * i / (4.0 * length ** 2)
                     for length in lengths for i in (I11, I22) for k in (1, 2))[:6]
    n_dofs = 6 * n_columns * (n + 1)
    lines = [
        f"** {n_columns} Euler columns of {n} B31 elements each ({n_dofs} DOFs): clamped-free columns of lengths",
        "** L_j = 100/sqrt(1 + j/10), j = 0, 1, ..., under axial compressive tip loads, *BUCKLE for six load",
        "** factors, solved by the sparse path (Anasazi on K^-1 (-K_g) in the K inner product, K factorized",
        f"** by MUMPS). Written by tests/decks/make_long_column_buckle.py {n_columns} {n}.",
        "** Source: closed form P = pi^2 E I/(4 L^2) (Euler 1744; Timoshenko and Gere 1961, ch. 2).",
        "**   A = 1, I11 = 0.08, I22 = 0.02, E = 1e4, reference load 1 in compression on every tip:",
        "**   column j buckles about its weak axis at P_0 (1 + j/10), P_0 = pi^2 x 200/(4 x 1e4) =",
        "**   0.04934802201; the six lowest factors are those of columns 0 to 5.",
        "** Discretisation error: the factor converges at order 4 (euler_column_buckle.inp: 8 elements",
        f"**   +2.1e-6, i.e. about +8.6e-3/N^4): +{8.6e-3 / n ** 4:.1e} with {n} elements per column; checked with",
        "**   rtol=1e-7. A single column of 3400 elements instead has cond(K) of about 5e14, which bounds",
        "**   any double-precision eigensolver's accuracy near 1e-4 (see the generator).",
    ]
    for index, value in enumerate(factors):
        lines.append(f"** EXPECT 1 load_factors[{index}] = {value:.12g} rtol=1e-7")
    lines += ["** EXPECT_COUNT 1 load_factors = 6",
              "*HEADING", f"{n_columns} Euler columns, {n} B31 elements each, *BUCKLE", "*NODE, NSET=ALL"]
    roots, tips = [], []
    for j, length in enumerate(lengths):
        first = j * (n + 1) + 1
        roots.append(first)
        tips.append(first + n)
        for i in range(n + 1):
            lines.append(f"{first + i}, {length * i / n:.15g}, {10.0 * j:g}, 0")
    lines += ["*NSET, NSET=ROOT"] + [", ".join(map(str, roots[i:i + 16])) for i in range(0, len(roots), 16)]
    lines += ["*NSET, NSET=TIP"] + [", ".join(map(str, tips[i:i + 16])) for i in range(0, len(tips), 16)]
    lines += ["*ELEMENT, TYPE=B31, ELSET=COLUMNS"]
    element = 0
    for j in range(n_columns):
        first = j * (n + 1) + 1
        for i in range(n):
            element += 1
            lines.append(f"{element}, {first + i}, {first + i + 1}")
    lines += ["*BEAM GENERAL SECTION, ELSET=COLUMNS", f"{AREA}, {I11}, 0.0, {I22}, {J}", "0.0, 0.0, -1.0",
              f"{E}, {G}", "*BOUNDARY", "ROOT, 1, 6", "*STEP", "*BUCKLE", "6", "*CLOAD", "TIP, 1, -1.0",
              "*END STEP"]
    with open(out, "w", encoding="utf-8") as deck:
        deck.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
