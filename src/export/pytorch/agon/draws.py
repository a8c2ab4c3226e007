"""The playground's sampling draws, number for number, so both sides sample the same tokens.

src/core/eval/generate.ts seeds a mulberry32 generator (src/core/random.ts) with a batch's
seed, gives every chunk of 256 prompts a seed from it, and each decoding step of a chunk a
seed from that (seedStream); a step's uniforms are tf.randomUniform's, which are seedrandom's
Alea seeded with the step seed's decimal text, one per row, stored as float32.
"""
import torch

M32 = 0xFFFFFFFF
CHUNK = 256  # generate.ts's prompts per sampler call: the draws follow its chunks


def _imul(a, b):
    return (a * b) & M32


class Mulberry32:
    """src/core/random.ts Rng, on unsigned 32-bit ints (JS's int32 bit patterns)."""

    def __init__(self, seed):
        self.state = ((int(seed) & M32) ^ 0x9E3779B9) & M32

    def next(self):
        self.state = (self.state + 0x6D2B79F5) & M32
        t = self.state
        t = _imul(t ^ (t >> 15), t | 1)
        t ^= (t + _imul(t ^ (t >> 7), t | 61)) & M32
        return (t ^ (t >> 14)) / 4294967296

    def int(self, n):
        return int(self.next() * n)

    def seed(self):
        return self.int(2**31)


def _mash():
    n = 0xEFC8249D

    def mash(data):
        nonlocal n
        for ch in str(data):
            n += ord(ch)
            h = 0.02519603282416938 * n
            n = int(h) & M32
            h -= n
            h *= n
            n = int(h) & M32
            h -= n
            n += h * 0x100000000
        return (int(n) & M32) * 2.3283064365386963e-10

    return mash


def alea(seed, count):
    """The first `count` values of seedrandom.alea(str(seed))."""
    mash = _mash()
    s = [mash(" "), mash(" "), mash(" ")]
    for i in range(3):
        s[i] -= mash(str(seed))
        if s[i] < 0:
            s[i] += 1
    c = 1
    out = []
    for _ in range(count):
        t = 2091639 * s[0] + c * 2.3283064365386963e-10
        c = int(t)
        s = [s[1], s[2], t - c]
        out.append(s[2])
    return out


def sampling_draws(seed, rows, max_new):
    """Uniforms [rows, max_new] (float32) that generate(..., {seed}) in the playground draws for `rows` prompts."""
    batch = Mulberry32(seed)
    out = torch.zeros(rows, max_new, dtype=torch.float32)
    for start in range(0, rows, CHUNK):
        size = min(CHUNK, rows - start)
        steps = Mulberry32(batch.seed())
        for t in range(max_new):
            out[start : start + size, t] = torch.tensor(alea(steps.int(0x7FFFFFFF), size), dtype=torch.float32)
    return out
