"""Points a JVM submission's self-seeding generators at the case's seed: a build step.

A JVM seeds `new Random()`, `Math.random()`, `ThreadLocalRandom` and Kotlin's `Random` from
its clock, and none of them can be seeded again from outside. So after compiling, the build
rewrites the submission's class files (never the judge's) so that these draw from the judge's
SeededRandom.java and SeededKotlinRandom.java, which the harness starts before each case from
the case's seed:

- `new java.util.Random()`, and a class that extends it, make a SeededRandom (a subclass);
- `Math.random()`, `StrictMath.random()`, `Collections.shuffle(list)` and
  `ThreadLocalRandom.current()` call SeededRandom's;
- Kotlin's `Random` companion (`Random.nextInt(n)`, `list.random()`, `list.shuffle()`) is a
  SeededKotlinRandom, and `shuffled()` without a generator too.

Only the constant pool and the operand of `new` change, so no instruction moves and the
compiler's stack maps stay true. A file the step cannot read is left as it is: its generators
then draw as a JVM's do. It runs in the build's sandbox, so it uses the standard library only.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Iterator
from pathlib import Path

MAGIC = b"\xca\xfe\xba\xbe"
UTF8, LONG, DOUBLE, CLASS, NAME_AND_TYPE = 1, 5, 6, 7, 12
FIELDREF, METHODREF, INTERFACE_METHODREF = 9, 10, 11
REFERENCES = (FIELDREF, METHODREF, INTERFACE_METHODREF)  # each: a class, a name and a type
# The size of each constant's body after its tag, Utf8's (length-prefixed) apart.
CONSTANT_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2,
                  17: 4, 18: 4, 19: 2, 20: 2}
NEW = 0xBB

SEEDED_RANDOM = "SeededRandom"
SEEDED_KOTLIN_RANDOM = "SeededKotlinRandom"
JUDGE_CLASSES = ("Harness", "Master", SEEDED_RANDOM, SEEDED_KOTLIN_RANDOM)
# A class whose objects the submission makes with `new`: they are made as this subclass.
MADE_AS = {"java/util/Random": SEEDED_RANDOM}
# Static members (class, name, descriptor) taken from the judge's class of the same shape.
MOVED = {
    ("java/lang/Math", "random", "()D"): SEEDED_RANDOM,
    ("java/lang/StrictMath", "random", "()D"): SEEDED_RANDOM,
    ("java/util/Collections", "shuffle", "(Ljava/util/List;)V"): SEEDED_RANDOM,
    ("java/util/concurrent/ThreadLocalRandom", "current",
     "()Ljava/util/concurrent/ThreadLocalRandom;"): SEEDED_RANDOM,
    ("kotlin/random/Random", "Default", "Lkotlin/random/Random$Default;"): SEEDED_KOTLIN_RANDOM,
    ("kotlin/collections/CollectionsKt", "shuffled", "(Ljava/lang/Iterable;)Ljava/util/List;"):
        SEEDED_KOTLIN_RANDOM,
}
# Classes whose one instance (a thread's) the submission gets from the moved members above:
# with that instance replaced, every use of the class is a use of its superclass, whose
# methods it only overrides.
RENAMED = {"kotlin/random/Random$Default": "kotlin/random/Random",
           "java/util/concurrent/ThreadLocalRandom": "java/util/Random"}
# Lengths of each instruction's operands, for walking code: the two switches, padded to four
# bytes and sized by their own operands, and `wide` apart.
OPERANDS = {**dict.fromkeys(range(0x00, 0x10), 0), 0x10: 1, 0x11: 2, 0x12: 1, 0x13: 2, 0x14: 2,
            **dict.fromkeys(range(0x15, 0x1A), 1), **dict.fromkeys(range(0x1A, 0x36), 0),
            **dict.fromkeys(range(0x36, 0x3B), 1), **dict.fromkeys(range(0x3B, 0x84), 0),
            0x84: 2, **dict.fromkeys(range(0x85, 0x99), 0), **dict.fromkeys(range(0x99, 0xA9), 2),
            0xA9: 1, **dict.fromkeys(range(0xAC, 0xB2), 0), **dict.fromkeys(range(0xB2, 0xB9), 2),
            0xB9: 4, 0xBA: 4, 0xBB: 2, 0xBC: 1, 0xBD: 2, 0xBE: 0, 0xBF: 0, 0xC0: 2, 0xC1: 2,
            0xC2: 0, 0xC3: 0, 0xC5: 3, 0xC6: 2, 0xC7: 2, 0xC8: 4, 0xC9: 4}
TABLESWITCH, LOOKUPSWITCH, WIDE, IINC = 0xAA, 0xAB, 0xC4, 0x84


class Unreadable(ValueError):
    """Not a class file this step understands."""


def u2(data: bytes | bytearray, at: int) -> int:
    if at + 2 > len(data):
        raise Unreadable("truncated")
    return int(struct.unpack_from(">H", data, at)[0])


def u4(data: bytes | bytearray, at: int) -> int:
    if at + 4 > len(data):
        raise Unreadable("truncated")
    return int(struct.unpack_from(">I", data, at)[0])


class Pool:
    """A class file's constant pool: each entry's tag and body (a Utf8's without its length),
    by index; and entries appended at its end, where no index already used moves."""

    def __init__(self, data: bytes) -> None:
        if data[:4] != MAGIC:
            raise Unreadable("not a class file")
        self.count = u2(data, 8)
        self.entries: dict[int, tuple[int, bytes]] = {}
        at, index = 10, 1
        while index < self.count:
            if at >= len(data):
                raise Unreadable("truncated")
            tag = data[at]
            if tag == UTF8:
                size, start = u2(data, at + 1), at + 3
            elif tag in CONSTANT_SIZES:
                size, start = CONSTANT_SIZES[tag], at + 1
            else:
                raise Unreadable(f"constant tag {tag}")
            if start + size > len(data):
                raise Unreadable("truncated")
            self.entries[index] = (tag, data[start:start + size])
            at = start + size
            index += 2 if tag in (LONG, DOUBLE) else 1
        self.end = at

    def text(self, index: int) -> str:
        tag, body = self.entries.get(index, (0, b""))
        if tag != UTF8:
            raise Unreadable(f"constant {index} is not text")
        return body.decode("utf-8", "replace")

    def class_name(self, index: int) -> str:
        tag, body = self.entries.get(index, (0, b""))
        if tag != CLASS:
            raise Unreadable(f"constant {index} is not a class")
        return self.text(u2(body, 0))

    def member(self, index: int) -> tuple[str, str, str]:
        """A Fieldref's or Methodref's class, name and descriptor."""
        body = self.entries[index][1]
        name_and_type = self.entries.get(u2(body, 2), (0, b""))
        if name_and_type[0] != NAME_AND_TYPE:
            raise Unreadable(f"constant {index} names no member")
        return (self.class_name(u2(body, 0)), self.text(u2(name_and_type[1], 0)),
                self.text(u2(name_and_type[1], 2)))

    def append(self, tag: int, body: bytes) -> int:
        if self.count >= 0xFFFF:
            raise Unreadable("no room in the constant pool")
        self.entries[self.count] = (tag, body)
        self.count += 1
        return self.count - 1

    def class_entry(self, name: str) -> int:
        """The index of a class constant naming `name`, appended if there is none."""
        for index, (tag, body) in self.entries.items():
            if tag == CLASS and self.text(u2(body, 0)) == name:
                return index
        encoded = name.encode()
        return self.append(CLASS, struct.pack(">H", self.append(UTF8, encoded)))

    def encoded(self) -> bytes:
        out = bytearray(struct.pack(">H", self.count))
        for index in sorted(self.entries):
            tag, body = self.entries[index]
            out.append(tag)
            out += struct.pack(">H", len(body)) + body if tag == UTF8 else body
        return bytes(out)


def attributes(data: bytes | bytearray, at: int) -> tuple[list[tuple[int, int, int]], int]:
    """The attributes at `at`, each as (name index, start of its body, its length); and the
    offset after them."""
    found = []
    count, at = u2(data, at), at + 2
    for _ in range(count):
        name, length = u2(data, at), u4(data, at + 2)
        if at + 6 + length > len(data):
            raise Unreadable("truncated")
        found.append((name, at + 6, length))
        at += 6 + length
    return found, at


def members(data: bytes | bytearray, at: int) -> tuple[list[tuple[int, int, int]], int]:
    """The fields or methods at `at`, all their attributes in one list; and the offset after."""
    found = []
    count, at = u2(data, at), at + 2
    for _ in range(count):
        more, at = attributes(data, at + 6)
        found += more
    return found, at


def instructions(code: bytes | bytearray, start: int, length: int) -> Iterator[tuple[int, int]]:
    """Each instruction of the code at `start` as (its offset, its opcode)."""
    pc = 0
    while pc < length:
        op = code[start + pc]
        yield pc, op
        if op in (TABLESWITCH, LOOKUPSWITCH):
            base = pc + 1 + (-(pc + 1) % 4)
            if op == TABLESWITCH:
                low, high = (struct.unpack_from(">i", code, start + base + k)[0] for k in (4, 8))
                if high < low:
                    raise Unreadable("a switch of no cases")
                pc = base + 12 + 4 * (high - low + 1)
            else:
                pc = base + 8 + 8 * u4(code, start + base + 4)
        elif op == WIDE:
            pc += 6 if start + pc + 1 < len(code) and code[start + pc + 1] == IINC else 4
        elif op in OPERANDS:
            pc += 1 + OPERANDS[op]
        else:
            raise Unreadable(f"opcode {op:#x}")
    if pc != length:
        raise Unreadable("code ends inside an instruction")


def seeded(data: bytes) -> bytes:
    """The class file with its self-seeding generators pointed at the judge's seeded ones
    (unchanged if it uses none); Unreadable if it is not a class file this step reads."""
    try:
        return rewritten(data)
    except (struct.error, IndexError, KeyError) as why:
        raise Unreadable(f"malformed ({why})") from why


def rewritten(data: bytes) -> bytes:
    pool = Pool(data)
    made = {index: MADE_AS[pool.class_name(index)] for index, (tag, _) in pool.entries.items()
            if tag == CLASS and pool.class_name(index) in MADE_AS}
    moved = {index: MOVED[pool.member(index)] for index, (tag, _) in pool.entries.items()
             if tag in REFERENCES and pool.member(index) in MOVED}
    renamed = [index for index, (tag, body) in pool.entries.items()
               if tag == CLASS and pool.text(u2(body, 0)) in RENAMED]
    if not (made or moved or renamed):
        return data
    rest = bytearray(data[pool.end:])
    # Where the objects are made (`new`), and the constructors they are made by.
    constructors = {index: made[u2(pool.entries[index][1], 0)]
                    for index, (tag, body) in pool.entries.items()
                    if tag in REFERENCES and u2(body, 0) in made
                    and pool.member(index)[1] == "<init>"}
    targets = {index: pool.class_entry(name) for index, name in made.items()}
    if u2(rest, 4) in targets:  # a class extending one: its superclass is the judge's
        struct.pack_into(">H", rest, 4, targets[u2(rest, 4)])
    interfaces = u2(rest, 6)
    code_name = [i for i, (tag, body) in pool.entries.items() if tag == UTF8 and body == b"Code"]
    fields_end = members(rest, 8 + 2 * interfaces)[1]
    for attribute, start, _ in members(rest, fields_end)[0]:
        if attribute in code_name:
            code_length = u4(rest, start + 4)
            if start + 8 + code_length > len(rest):
                raise Unreadable("truncated")
            for pc, op in instructions(rest, start + 8, code_length):
                operand = start + 8 + pc + 1
                if op == NEW and u2(rest, operand) in targets:
                    struct.pack_into(">H", rest, operand, targets[u2(rest, operand)])
    for index, name in {**constructors, **moved}.items():
        tag, body = pool.entries[index]
        pool.entries[index] = (tag, struct.pack(">H", pool.class_entry(name)) + body[2:])
    for index in renamed:
        new_name = RENAMED[pool.text(u2(pool.entries[index][1], 0))]
        pool.entries[index] = (CLASS, struct.pack(">H", pool.append(UTF8, new_name.encode())))
    # The renamed classes' types, wherever the file names them (fields, parameters, the
    # moved members' descriptors).
    for index, (tag, body) in list(pool.entries.items()):
        for old, new in RENAMED.items():
            if tag == UTF8 and f"L{old};".encode() in body:
                body = body.replace(f"L{old};".encode(), f"L{new};".encode())
                pool.entries[index] = (UTF8, body)
    return data[:8] + pool.encoded() + bytes(rest)


def is_judges(path: Path) -> bool:
    return path.stem.split("$")[0] in JUDGE_CLASSES


def seed_folder(folder: Path) -> list[str]:
    """Rewrites the submission's class files under `folder`; what could not be read."""
    unread = []
    for path in sorted(folder.rglob("*.class")):
        if is_judges(path):
            continue
        original = path.read_bytes()
        try:
            changed = seeded(original)
        except Unreadable as why:
            unread.append(f"{path.name}: {why}")
            continue
        if changed != original:  # most of a submission's classes draw nothing
            path.write_bytes(changed)
    return unread


def taken_names(submission: Path) -> list[str]:
    """The judge's class names among the submission's classes: compiled apart from the judge's
    (kotlinc, unlike javac, would overwrite them without a word), they would replace them."""
    return sorted({path.stem for path in submission.rglob("*.class") if is_judges(path)})


def moved_into(submission: Path, classes: Path) -> None:
    for path in sorted(submission.rglob("*")):
        if path.is_file():
            target = classes / path.relative_to(submission)
            target.parent.mkdir(parents=True, exist_ok=True)
            path.replace(target)


def main(argv: list[str]) -> int:
    """`seeding.py CLASSES [SUBMISSION]`: the submission's classes seeded, in CLASSES beside
    the judge's; with SUBMISSION, the folder they were compiled into apart, then moved."""
    classes = Path(argv[0])
    submission = Path(argv[1]) if len(argv) > 1 else classes
    taken = taken_names(submission) if submission != classes else []
    if taken:
        print(f"error: a class of the submission is named as one of the judge's harness "
              f"({', '.join(JUDGE_CLASSES)}): {', '.join(taken)}; rename it")
        return 1
    for line in seed_folder(submission):
        print(f"seeding: left as it is: {line}", file=sys.stderr)
    if submission != classes:
        moved_into(submission, classes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
