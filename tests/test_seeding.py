"""The JVM build's seeding step (judge/harness/java/seeding.py): it points a submission's
self-seeding generators at the judge's, changes nothing else, and reads hostile bytes calmly.
Whether the games then replay is tests/test_languages.py's (a random guesser in each language)."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.harness.java import HERE as JAVA_HARNESS
from judge.harness.java.seeding import (
    CLASS,
    LONG,
    METHODREF,
    NAME_AND_TYPE,
    NEW,
    UTF8,
    Pool,
    Unreadable,
    instructions,
    main,
    seed_folder,
    seeded,
)

from .conftest import toolchain_marks


def utf8(text: str) -> bytes:
    return bytes([UTF8]) + struct.pack(">H", len(text)) + text.encode()


def class_file(code: bytes, *, super_name: str = "java/lang/Object") -> bytes:
    """A class T with one static method run()V of `code`, its pool naming Math.random()D
    (#10), java/util/Random (#15) with its <init>()V (#18), and a long (#19, two slots)."""
    pool = [utf8("T"), bytes([CLASS, 0, 1]), utf8(super_name), bytes([CLASS, 0, 3]),
            utf8("java/lang/Math"), bytes([CLASS, 0, 5]), utf8("random"), utf8("()D"),
            bytes([NAME_AND_TYPE, 0, 7, 0, 8]), bytes([METHODREF, 0, 6, 0, 9]), utf8("Code"),
            utf8("run"), utf8("()V"), utf8("java/util/Random"), bytes([CLASS, 0, 14]),
            utf8("<init>"), bytes([NAME_AND_TYPE, 0, 16, 0, 13]),
            bytes([METHODREF, 0, 15, 0, 17]), bytes([LONG]) + struct.pack(">q", 843)]
    body = struct.pack(">HHI", 4, 1, len(code)) + code + struct.pack(">HH", 0, 0)
    method = struct.pack(">HHHH", 0x0009, 12, 13, 1) + struct.pack(">HI", 11, len(body)) + body
    return (b"\xca\xfe\xba\xbe" + struct.pack(">HHH", 0, 52, 21) + b"".join(pool)
            + struct.pack(">HHHHHH", 0x0021, 2, 4, 0, 0, 1) + method + struct.pack(">H", 0))


# Math.random(), pop2; new java.util.Random, dup, its <init>()V, pop; return.
RUN = bytes([0xB8, 0, 10, 0x58, NEW, 0, 15, 0x59, 0xB7, 0, 18, 0x57, 0xB1])


def member_class(pool: Pool, index: int) -> str:
    return pool.member(index)[0]


def test_each_self_seeding_use_is_pointed_at_the_judges_class() -> None:
    before = class_file(RUN)
    after = seeded(before)
    pool = Pool(after)
    assert member_class(pool, 10) == "SeededRandom"  # Math.random()
    assert member_class(pool, 18) == "SeededRandom"  # the constructor of what `new` makes
    code_at = after.index(RUN[:3])  # the code moved by what the pool gained, nothing else
    made = struct.unpack_from(">H", after, code_at + 5)[0]
    assert pool.class_name(made) == "SeededRandom"
    assert pool.class_name(15) == "java/util/Random"  # still there for every other use
    assert pool.entries[19] == (LONG, struct.pack(">q", 843)) and 20 not in pool.entries
    assert len(after) - after.index(RUN[:3]) == len(before) - before.index(RUN)


def test_a_class_that_extends_random_extends_the_judges() -> None:
    pool = Pool(after := seeded(class_file(bytes([0xB1]), super_name="java/util/Random")))
    super_class = struct.unpack_from(">H", after, pool.end + 4)[0]
    assert pool.class_name(super_class) == "SeededRandom"


def test_a_class_without_such_uses_is_left_byte_for_byte() -> None:
    plain = class_file(bytes([0xB1])).replace(b"java/lang/Math", b"java/lang/Mazh")
    plain = plain.replace(b"java/util/Random", b"java/util/Randoq")
    assert seeded(plain) == plain


@pytest.mark.parametrize("code, why", [
    (bytes([0xAA, 0, 0, 0, 0, 0, 0, 0]) + struct.pack(">ii", 5, 1), "a switch of no cases"),
    (bytes([0xFE]), "opcode 0xfe"),
    (bytes([0xB8, 0]), "code ends inside an instruction"),
])
def test_code_it_cannot_walk_is_unreadable(code: bytes, why: str) -> None:
    with pytest.raises(Unreadable, match=why):
        seeded(class_file(code))


def test_it_walks_switches_and_wide_instructions() -> None:
    # tableswitch 0..1 at 0, lookupswitch of one pair at 24 (each padded to four bytes),
    # wide iinc, return.
    table = bytes([0xAA, 0, 0, 0]) + struct.pack(">iii", 0, 0, 1) + struct.pack(">ii", 0, 0)
    lookup = bytes([0xAB, 0, 0, 0]) + struct.pack(">ii", 0, 1) + struct.pack(">ii", 7, 0)
    code = table + lookup + bytes([0xC4, 0x84, 0, 1, 0, 1, 0xB1])
    assert [pc for pc, _ in instructions(code, 0, len(code))] == [0, 24, 44, 50]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_hostile_bytes_are_rewritten_or_unreadable_never_a_crash(data: st.DataObject) -> None:
    original = bytearray(class_file(RUN))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(original) - 1))
        original[at] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(original)))
    try:
        rewritten = seeded(bytes(original[:cut]))
    except Unreadable:
        return
    Pool(rewritten)  # what it writes, it reads again


def test_the_judges_own_classes_and_unreadable_files_are_left_alone(tmp_path: Path) -> None:
    judges = class_file(RUN)
    for name in ("SeededRandom.class", "Harness$Watcher.class", "Master.class"):
        (tmp_path / name).write_bytes(judges)  # SeededRandom's super(seed) must stay Random's
    (tmp_path / "Solution.class").write_bytes(judges)
    (tmp_path / "Solution$1.class").write_bytes(b"not a class")
    assert seed_folder(tmp_path) == ["Solution$1.class: not a class file"]
    assert (tmp_path / "SeededRandom.class").read_bytes() == judges
    assert (tmp_path / "Solution.class").read_bytes() != judges
    assert (tmp_path / "Solution$1.class").read_bytes() == b"not a class"


def test_classes_compiled_apart_are_seeded_and_moved_beside_the_judges(tmp_path: Path) -> None:
    classes, submission = tmp_path / "classes", tmp_path / "submission"
    (submission / "META-INF").mkdir(parents=True)
    classes.mkdir()
    (classes / "Harness.class").write_bytes(b"the judge's")
    (submission / "Solution.class").write_bytes(class_file(RUN))
    (submission / "META-INF" / "main.kotlin_module").write_bytes(b"module")
    assert main([str(classes), str(submission)]) == 0
    assert Pool((classes / "Solution.class").read_bytes()).member(10)[0] == "SeededRandom"
    assert (classes / "META-INF" / "main.kotlin_module").read_bytes() == b"module"
    assert (classes / "Harness.class").read_bytes() == b"the judge's"
    assert not list(submission.rglob("*.*"))


def test_a_submission_class_named_as_the_judges_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    classes, submission = tmp_path / "classes", tmp_path / "submission"
    classes.mkdir()
    submission.mkdir()
    (classes / "Harness.class").write_bytes(b"the judge's")
    for name in ("Solution", "Harness", "SeededRandom$1"):
        (submission / f"{name}.class").write_bytes(class_file(RUN))
    assert main([str(classes), str(submission)]) == 1
    assert capsys.readouterr().out == (
        "error: a class of the submission is named as one of the judge's harness (Harness, "
        "Master, SeededRandom, SeededKotlinRandom): Harness, SeededRandom$1; rename it\n")
    assert (classes / "Harness.class").read_bytes() == b"the judge's"


JAVA_USES = """
import java.util.*;
class Uses {
    static final Random field = new Random();
    static class Mine extends Random { Mine() { super(); } Mine(long s) { super(s); } }
    public static void main(String[] args) {
        SeededRandom.startCase(args.length > 0 ? Long.valueOf(args[0]) : null);
        List<Integer> xs = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6, 7, 8));
        Collections.shuffle(xs);
        java.util.function.Supplier<Random> made = Random::new;
        System.out.println(new Random().nextInt(1000) + " " + new Mine().nextInt(1000) + " "
            + Math.random() + " " + StrictMath.random() + " " + xs + " "
            + made.get().nextInt(1000) + " "
            + java.util.concurrent.ThreadLocalRandom.current().nextInt(10, 1000) + " "
            + new Random(42).nextInt(1000) + " " + new Mine(42).nextInt(1000));
    }
}
"""


@pytest.mark.parametrize("language", [pytest.param("java", marks=toolchain_marks("java"))])
def test_compiled_uses_verify_and_draw_from_the_seed(tmp_path: Path, language: str) -> None:
    (tmp_path / "Uses.java").write_text(JAVA_USES)
    shutil.copy(JAVA_HARNESS / "SeededRandom.java", tmp_path)
    subprocess.run(["javac", "-nowarn", "-d", "out", "Uses.java", "SeededRandom.java"],
                   cwd=tmp_path, check=True, capture_output=True)
    assert seed_folder(tmp_path / "out") == []

    def printed(*seed: str) -> str:
        # -Xverify:all: the judge's classes are checked as strictly as the submission's.
        return subprocess.run(["java", "-Xverify:all", "-cp", "out", "Uses", *seed],
                              cwd=tmp_path, check=True, capture_output=True,
                              text=True).stdout
    five, six = printed("5"), printed("6")
    assert five == printed("5") != six
    # Explicitly seeded generators draw as they would anyway, whatever the case's seed.
    assert five.split()[-1] == five.split()[-2] == six.split()[-1]
    assert printed() != printed()  # unseeded: drawn anew, as the JVM's own
