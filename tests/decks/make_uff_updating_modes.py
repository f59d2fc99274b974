#!/usr/bin/env python3
"""Writes input_decks/uff/cantilever_b21_tip_heavier_modes.unv, the "measured" modes of
input_decks/cantilever_b21_model_updating.inp: usage make_uff_updating_modes.py COROT.

The measured structure is the deck's cantilever with the density of its TIP component 1.2 times the
baseline's (7850 -> 9420 kg/m^3). The script writes that deck (the updating deck's model with the
TIP density changed, a *FREQUENCY step and *UFF OUTPUT at every 4th node), runs corot on it and
copies NAME-1.unv into input_decks/uff/. The updating deck must then find the density change +1570
(RHO_TIP, the parameter's change in kg/m^3) from the file's frequencies and shapes alone.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DECKS = os.path.join(HERE, "..", "..", "input_decks")


def main():
    corot = sys.argv[1]
    with open(os.path.join(DECKS, "cantilever_b21_model_updating.inp"), encoding="utf-8") as stream:
        text = stream.read()
    model = text[text.index("*HEADING"):text.index("*STEP")]
    model = re.sub(r"(\*MATERIAL, NAME=STEEL_TIP\n\*ELASTIC\n[^\n]*\n\*DENSITY\n)7850\.0",
                   r"\g<1>9420.0", model)
    assert "9420.0" in model
    model = re.sub(r"\*COMPONENT[^\n]*\n|\*DESIGN PARAMETER[^\n]*\n", "", model)
    deck = model + "*STEP\n*FREQUENCY\n6\n*UFF OUTPUT, NSET=POINTS\n*END STEP\n"
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "measured.inp")
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(deck)
        subprocess.run([corot, "run", path, "-o", folder], check=True, stdout=subprocess.DEVNULL)
        shutil.copy(os.path.join(folder, "measured-1.unv"),
                    os.path.join(DECKS, "uff", "cantilever_b21_tip_heavier_modes.unv"))


if __name__ == "__main__":
    main()
