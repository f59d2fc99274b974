#!/usr/bin/env python3
"""Writes input_decks/uff/simply_supported_beam_modes.unv, the "measured" modes of
input_decks/simply_supported_beam_uff_correlation.inp, independently of corot's UFF writer.

The modes are the closed-form bending modes of a simply supported Euler-Bernoulli beam
(Clough & Penzien, Dynamics of Structures, 2nd ed., sec. 18-3): phi_k(x) = sin(k pi x / L),
f_k = (k pi / L)^2 sqrt(E I / (rho A)) / (2 pi), for L = 1, a circular section r = 0.01
(I / A = r^2 / 4), E = 2.1e11, rho = 7850, sampled at 11 "measurement points" (every other node
of the deck, ids 1, 3, ..., 21). The file is written the way test-data exporters write it:
header (151), units (164, SI, factors in D format), nodes (2411, coordinates in D format) and one
dataset 55 per mode with three values per node in E13.6, so negative values run into the field
before them ("-1.000000E+00" fills the 13 columns), CR LF line ends, and mode 3 lists its nodes
in reverse order. A second file, simply_supported_beam_modes_renumbered.unv, holds the same modes
at nodes numbered 101, 103, ... (not the deck's ids) given by single-precision dataset 15
(coordinates in E13.5), for matching by coordinates. Run it to regenerate the files; the test
reads the checked-in copies.
"""
import math
import os

L, R, E, RHO = 1.0, 0.01, 2.1e11, 7850.0
POINTS = list(range(1, 22, 2))  # node ids; node n sits at x = (n - 1) L / 20


def frequency(k):
    return (k * math.pi / L) ** 2 * math.sqrt(E * R * R / 4.0 / RHO) / (2.0 * math.pi)


def d25(value):
    return ("%25.16E" % value).replace("E", "D")


def write(name, offset, single_precision):
    lines = []
    add = lines.append

    def begin(number):
        add("    -1")
        add("%6d" % number)

    add("")  # a blank line before the first dataset, as some exporters write
    begin(151)
    add("simply supported beam, closed-form modes")
    add("NONE")
    add("make_uff_test_modes.py")
    add("29-Nov-26  12:00:00         0         0         0")
    add("29-Nov-26  12:00:00")
    add("make_uff_test_modes.py")
    add("29-Nov-26  12:00:00")
    add("    -1")
    begin(164)
    add("%10d%-20s%10d" % (1, "SI - mks (Newton)", 2))
    add(d25(1.0) + d25(1.0) + d25(1.0))
    add(d25(273.15))
    add("    -1")
    if single_precision:
        begin(15)
        for node in POINTS:
            add("%10d%10d%10d%10d%13.5E%13.5E%13.5E" % (node + offset, 0, 0, 0,
                                                         (node - 1) * L / 20.0, 0.0, 0.0))
    else:
        begin(2411)
        for node in POINTS:
            add("%10d%10d%10d%10d" % (node + offset, 1, 1, 11))
            add(d25((node - 1) * L / 20.0) + d25(0.0) + d25(0.0))
    add("    -1")
    for k in range(1, 5):
        begin(55)
        add("simply supported beam")
        add("mode %d" % k)
        add("NONE")
        add("NONE")
        add("NONE")
        add("%10d%10d%10d%10d%10d%10d" % (1, 2, 2, 8, 2, 3))
        add("%10d%10d%10d%10d" % (2, 4, 1, k))
        add("%13.6E%13.6E%13.6E%13.6E" % (frequency(k), 0.0, 0.01, 0.0))
        points = POINTS if k != 3 else list(reversed(POINTS))
        for node in points:
            x = (node - 1) * L / 20.0
            # A scale of -1 on mode 2: the sign of a measured shape is arbitrary.
            value = math.sin(k * math.pi * x / L) * (-1.0 if k == 2 else 1.0)
            add("%10d" % (node + offset))
            add("%13.6E%13.6E%13.6E" % (0.0, value, 0.0))
        add("    -1")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "input_decks",
                        "uff", name)
    with open(path, "w", newline="") as stream:
        stream.write("\r\n".join(lines) + "\r\n")


def main():
    write("simply_supported_beam_modes.unv", 0, False)
    write("simply_supported_beam_modes_renumbered.unv", 100, True)
    for k in range(1, 5):
        print("f_%d = %.10g" % (k, frequency(k)))


if __name__ == "__main__":
    main()
