"""The playground's text format, tokenizer and verifiers (src/core/tasks, src/core/tokenizer), ported.

Problems are not generated here: the exporter writes the training streams and evaluation sets
as data files, drawn by the playground's own code, so they are the same problems exactly.
The verifiers must match the TypeScript verdict for verdict (checked by the exporter's tests).
"""
import re

SPECIAL_TOKENS = ["pad", "bos", "eos", "draft", "sol", "answer"]
PLAIN_CHARS = " 0123456789abcdefghijklmnopqrstuvwxyz+-*=.,;:?|()[]_\n"
VOCAB = [f"<{s}>" for s in SPECIAL_TOKENS] + list(PLAIN_CHARS)
VOCAB_SIZE = len(VOCAB)
TOKENIZER_VERSION = "char-v1"
ID_OF = {tok: i for i, tok in enumerate(VOCAB)}
PAD_ID = ID_OF["<pad>"]
EOS_ID = ID_OF["<eos>"]

WITHHELD_ANSWER = "?"
TRACE_PAD = "."
SPECIAL_TAG = re.compile(r"<[a-z]+>")


def encode(text):
    ids = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "<":
            close = text.find(">", i)
            tag = text[i:] if close < 0 else text[i : close + 1]
            if tag not in ID_OF:
                raise ValueError(f"unknown special token {tag!r} at position {i}")
            ids.append(ID_OF[tag])
            i += len(tag)
            continue
        if ch not in ID_OF:
            raise ValueError(f"character {ch!r} at position {i} is not in the vocabulary")
        ids.append(ID_OF[ch])
        i += 1
    return ids


def decode(ids):
    return "".join(VOCAB[i] for i in ids)


def masked(text):
    return WITHHELD_ANSWER * len(text)


def parse_completion(completion):
    """(trace, answer or None, ended): text after the first <eos> is ignored."""
    eos = completion.find("<eos>")
    body = completion if eos < 0 else completion[:eos]
    marker = body.find("<answer>")
    if marker < 0:
        return body, None, eos >= 0
    return body[:marker], body[marker + len("<answer>") :], eos >= 0


def fit_width(text, width):
    return text[:width] if len(text) >= width else text + TRACE_PAD * (width - len(text))


# ---- math: the last digit of a sum of products -------------------------------------------

# \Z where the TypeScript has $: JavaScript's $ is the very end, Python's $ also matches before a final newline.
MATH_TRACE_SHAPE = re.compile(r"\d\d:\d( \d\d:\d)*\Z")
MATH_LAST_DIGIT = re.compile(r"\S(?=\s*\Z)")
DIGIT = re.compile(r"\d\Z")


def js_full_match(pattern, text):
    """JavaScript's /^...$/.test(text), for a pattern written without ^ and with \\Z."""
    return pattern.match(text) is not None


def math_format_score(problem, trace, answer):
    trace_ok = js_full_match(MATH_TRACE_SHAPE, trace) and (len(trace) + 1) / 5 == problem["difficulty"]
    return (0.5 if js_full_match(DIGIT, answer) else 0) + (0.5 if trace_ok else 0)


def math_hide_answer(trace):
    return MATH_LAST_DIGIT.sub(lambda m: masked(m.group(0)), trace, count=1)


# ---- code: list programs over digits -------------------------------------------------------

PRIMITIVES = ["rev", "srt", "inc", "odd"]
MAX_PROGRAM_OPS = 3
MAX_PROGRAM_LENGTH = 4 * MAX_PROGRAM_OPS - 1
LIST_WIDTH = 5
STEP_WIDTH = 3 + 1 + LIST_WIDTH
CODE_TRACE_WIDTH = MAX_PROGRAM_OPS * (STEP_WIDTH + 1) - 1
STEP_LIST = re.compile(r"(?:_|\d{1,5})\.*\Z")
DIGITS = re.compile(r"\d+\Z")
PROBLEM_NAME = re.compile(r"[a-z]{2}\|")
PRIMITIVE_NAMES = re.compile(r"[a-z]+")
TRAILING_DOTS = re.compile(r"\.+\Z")

APPLY = {
    "rev": lambda xs: xs[::-1],
    "srt": sorted,
    "inc": lambda xs: [(x + 1) % 10 for x in xs],
    "odd": lambda xs: [x for x in xs if x % 2 == 1],
}


def parse_program(text):
    if len(text) == 0 or len(text) > MAX_PROGRAM_LENGTH:
        return None
    names = text.split(" ")
    if len(names) > MAX_PROGRAM_OPS or not all(n in APPLY for n in names):
        return None
    return names


def run_program(program, xs):
    for op in program:
        xs = list(APPLY[op](xs))
    return list(xs)


def parse_list(text):
    if text == "_":
        return []
    if not js_full_match(DIGITS, text):
        return None
    return [int(c) for c in text]


def parse_cases(text):
    if len(text) == 0:
        return None
    cases = []
    for field in text.split(","):
        parts = field.split(":")
        if len(parts) != 2:
            return None
        io = [parse_list(TRAILING_DOTS.sub("", p, count=1)) for p in parts]
        if io[0] is None or io[1] is None:
            return None
        cases.append((io[0], io[1]))
    return cases


def problem_cases(text):
    if not PROBLEM_NAME.match(text):
        return None
    return parse_cases(text[3:])


def code_is_correct(problem, answer):
    program = parse_program(answer)
    visible = problem_cases(problem["text"])
    hidden = parse_cases(problem["hidden"])
    if program is None or visible is None or hidden is None:
        return False
    return all(run_program(program, i) == o for i, o in visible + hidden)


def trace_well_formed(trace, program):
    if len(trace) > CODE_TRACE_WIDTH or (len(trace) + 1) % (STEP_WIDTH + 1) != 0:
        return False
    words = trace.split(" ")
    if len(words) % 2 != 0:
        return False
    steps = len(words) // 2
    if program is not None and len(program) != steps:
        return False
    for i in range(steps):
        op, lst = words[2 * i], words[2 * i + 1]
        if op not in APPLY or (program is not None and program[i] != op):
            return False
        if len(lst) != LIST_WIDTH or not js_full_match(STEP_LIST, lst):
            return False
    return steps >= 1


def code_format_score(problem, trace, answer):
    program = parse_program(answer)
    return (0.5 if program is not None else 0) + (0.5 if trace_well_formed(trace, program) else 0)


def code_hide_answer(trace):
    return PRIMITIVE_NAMES.sub(lambda m: masked(m.group(0)), trace)


class Family:
    """A task family's layout (widths from the exporter's family.json) and its verifier."""

    def __init__(self, spec):
        self.name = spec["name"]
        self.draft_trace_width = spec["draftTraceWidth"]
        self.max_answer_length = spec["maxAnswerLength"]
        self.completion_budget = spec["completionBudget"]
        if self.name == "math":
            self.is_correct = lambda p, a: a == p["answer"]
            self.format_score, self.hide_answer = math_format_score, math_hide_answer
        elif self.name == "code":
            self.is_correct, self.format_score, self.hide_answer = code_is_correct, code_format_score, code_hide_answer
        else:
            raise ValueError(f"unknown task family {self.name!r}")

    def verify(self, problem, completion):
        """{'verdict', 'answer', 'format'}: never raises, any text is gradable."""
        trace, answer, ended = parse_completion(completion)
        if not ended or answer is None or SPECIAL_TAG.search(answer):
            return {"verdict": "unparseable", "answer": answer, "format": 0}
        fmt = 0 if SPECIAL_TAG.search(trace) else self.format_score(problem, trace, answer)
        verdict = "correct" if self.is_correct(problem, answer) else "wrong"
        return {"verdict": verdict, "answer": answer, "format": fmt}

    def blank_draft_view(self):
        return f"{TRACE_PAD * self.draft_trace_width}<answer>{TRACE_PAD * self.max_answer_length}"

    def draft_view(self, completion, show_answer):
        trace, answer, _ = parse_completion(completion)
        readable = SPECIAL_TAG.sub("", trace)
        shown = fit_width(readable if show_answer else self.hide_answer(readable), self.draft_trace_width)
        ans = SPECIAL_TAG.sub("", answer or "") if show_answer else WITHHELD_ANSWER
        return f"{shown}<answer>{fit_width(ans, self.max_answer_length)}"

    def plain_prompt(self, problem):
        return drafted_prompt(problem, self.blank_draft_view())


def drafted_prompt(problem, draft_view):
    return f"<draft>{draft_view}<bos>{problem['text']}<sol>"
