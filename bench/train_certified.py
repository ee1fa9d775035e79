"""10 training steps of a case with every gradient certified to 12 significant digits (the precision climbs
until all are): python bench/train_certified.py CASE; prints the precision in bits that sufficed."""

import sys

from flint import arb

from exactformer.numeric.ball import PRECISIONS
from exactformer.read.case import load


def certified(grads: dict, digits: int) -> bool:
    """Every gradient known to ``digits`` significant digits (a tiny one to twice as many places)."""
    for cells in grads.values():
        for b in cells:
            if b is None or b.is_zero():
                continue
            if abs(b) < arb(10) ** -digits:
                if not b.rad() < arb(10) ** (-2 * digits):
                    return False
            elif b.rel_accuracy_bits() < digits * 10 // 3 + 1:
                return False
    return True


def main() -> None:
    numeric = load(sys.argv[1]).engine.numeric
    for prec in PRECISIONS:
        if all(certified(numeric.backward(prec, t), 12) for t in range(10)):
            print(prec)
            return
    print("not certified")


if __name__ == "__main__":
    main()
