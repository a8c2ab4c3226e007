"""The playground's transformer (src/core/model/transformer.ts) in PyTorch, its checkpoints, and sampling.

Decoder-only GPT: token + learned position embeddings, pre-LayerNorm blocks (causal multi-head
attention with a fused [D, 3D] query/key/value weight, GELU as x*sigmoid(1.702x)), final
LayerNorm, and an untied [D, V] output head. Parameter names follow the checkpoint's
("h0.attn.wqkv" is the state-dict key "h.0.attn.wqkv").
"""
import hashlib
import json
import math
import struct

import torch
import torch.nn.functional as F
from torch import nn

# Added to the score of a key a query must not see; finite, as in the playground.
MASKED = -1e9
LN_EPS = 1e-5
MAGIC = b"AGONCKPT"


class CheckpointError(Exception):
    pass


def gelu(x):
    return x * torch.sigmoid(1.702 * x)


class LayerNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        return F.layer_norm(x, x.shape[-1:], self.gain, self.bias, LN_EPS)


class Attention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.wqkv = nn.Parameter(torch.zeros(d, 3 * d))
        self.bqkv = nn.Parameter(torch.zeros(3 * d))
        self.wout = nn.Parameter(torch.zeros(d, d))
        self.bout = nn.Parameter(torch.zeros(d))


class Mlp(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.wup = nn.Parameter(torch.zeros(d, f))
        self.bup = nn.Parameter(torch.zeros(f))
        self.wdown = nn.Parameter(torch.zeros(f, d))
        self.bdown = nn.Parameter(torch.zeros(d))


class Block(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.ln1 = LayerNorm(d)
        self.attn = Attention(d)
        self.ln2 = LayerNorm(d)
        self.mlp = Mlp(d, f)


class Transformer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = dict(config)
        V, D, F_, L, T = (config[k] for k in ("vocabSize", "dModel", "dFF", "nLayers", "maxLen"))
        if D % config["nHeads"] != 0:
            raise ValueError(f"dModel ({D}) must be divisible by nHeads ({config['nHeads']})")
        self.heads = config["nHeads"]
        self.wte = nn.Parameter(torch.zeros(V, D))
        self.wpe = nn.Parameter(torch.zeros(T, D))
        self.h = nn.ModuleList(Block(D, F_) for _ in range(L))
        self.lnf = LayerNorm(D)
        self.head = nn.Parameter(torch.zeros(D, V))

    def init_weights(self, seed):
        """GPT-2 initialisation as the playground's (a fresh model when the size is overridden)."""
        g = torch.Generator().manual_seed(seed)
        std = 0.02
        residual = std / math.sqrt(2 * len(self.h))
        with torch.no_grad():
            for name, p in self.named_parameters():
                if name.endswith(("gain",)):
                    p.fill_(1)
                elif name.endswith(("bias", "bqkv", "bout", "bup", "bdown")):
                    p.zero_()
                else:
                    s = residual if name.endswith(("wout", "wdown")) else std
                    p.copy_(torch.randn(p.shape, generator=g) * s)

    def forward(self, tokens, positions=None, key_mask=None, cache=None):
        """Logits [B, S, V] of tokens [B, S]. key_mask [B, L] (1 = real) covers the cache's slots and
        these; with `cache` (a list to fill, or filled by an earlier call) keys and values are kept."""
        B, S = tokens.shape
        start = 0 if cache is None or len(cache) == 0 else cache[0][0].shape[2]
        L = start + S
        if L > self.config["maxLen"]:
            raise ValueError(f"sequence length {L} exceeds maxLen {self.config['maxLen']}")
        if positions is None:
            positions = torch.arange(start, L, device=tokens.device).expand(B, S)
        x = self.wte[tokens] + self.wpe[positions]
        causal = torch.ones(S, L, dtype=torch.bool, device=tokens.device).triu(start + 1)
        mask = torch.zeros(S, L, device=tokens.device).masked_fill(causal, MASKED)[None, None]
        if key_mask is not None:
            mask = mask + ((key_mask - 1) * -MASKED)[:, None, None, :]
        D = x.shape[-1]
        H, dh = self.heads, D // self.heads
        for i, block in enumerate(self.h):
            a = block.attn
            q, k, v = (block.ln1(x) @ a.wqkv + a.bqkv).split(D, dim=2)
            q, k, v = (t.reshape(B, S, H, dh).transpose(1, 2) for t in (q * (1 / math.sqrt(dh)), k, v))
            if cache is not None:
                if len(cache) > i:
                    k = torch.cat([cache[i][0], k], 2)
                    v = torch.cat([cache[i][1], v], 2)
                    cache[i] = (k, v)
                else:
                    cache.append((k, v))
            mixed = torch.softmax(q @ k.transpose(2, 3) + mask, -1) @ v
            x = x + (mixed.transpose(1, 2).reshape(B, S, D) @ a.wout + a.bout)
            m = block.mlp
            x = x + (gelu(block.ln2(x) @ m.wup + m.bup) @ m.wdown + m.bdown)
        return self.lnf(x) @ self.head


def torch_key(name):
    """Checkpoint name -> state-dict key: "h0.ln1.gain" -> "h.0.ln1.gain"."""
    if name.startswith("h") and name[1:2].isdigit():
        layer, rest = name[1:].split(".", 1)
        return f"h.{layer}.{rest}"
    return name


def read_checkpoint(path, expected_sha256=None):
    """An AGONCKPT file (src/core/model/checkpoint.ts) as (config, tokenizer version, state dict), checked."""
    with open(path, "rb") as f:
        data = f.read()
    if expected_sha256 is not None and hashlib.sha256(data).hexdigest() != expected_sha256:
        raise CheckpointError(f"{path}: SHA-256 does not match the export's manifest")
    if data[:8] != MAGIC:
        raise CheckpointError(f"{path}: not an Agon checkpoint (missing the AGONCKPT signature)")
    version, header_len = struct.unpack_from("<II", data, 8)
    if version not in (1, 2):
        raise CheckpointError(f"{path}: unsupported checkpoint version {version} (this reads versions 1 and 2)")
    header = json.loads(data[16 : 16 + header_len].decode("utf-8"))
    offset = 16 + header_len
    state = {}
    for t in header["tensors"]:
        n = math.prod(t["shape"])
        raw = data[offset : offset + 4 * n]
        if len(raw) != 4 * n:
            raise CheckpointError(f"{path}: truncated at tensor {t['name']}")
        # Format 2 carries a SHA-256 of each tensor's bytes; any digest present is checked.
        if "sha256" in t and hashlib.sha256(raw).hexdigest() != t["sha256"]:
            raise CheckpointError(f"{path}: tensor {t['name']} does not match its checksum")
        values = torch.frombuffer(bytearray(raw), dtype=torch.float32)
        state[torch_key(t["name"])] = values.reshape(t["shape"]).clone()
        offset += 4 * n
    if offset != len(data):
        raise CheckpointError(f"{path}: {len(data) - offset} unexpected trailing bytes")
    return header["config"], header["tokenizerVersion"], state


def load_model(path, tokenizer_version, expected_sha256=None):
    """The checkpoint converted to a state dict and loaded; every name, shape and value checked."""
    config, version, state = read_checkpoint(path, expected_sha256)
    if version != tokenizer_version:
        raise CheckpointError(f"{path}: trained with tokenizer {version!r}, this project uses {tokenizer_version!r}")
    model = Transformer(config)
    expected = {k: tuple(v.shape) for k, v in model.state_dict().items()}
    got = {k: tuple(v.shape) for k, v in state.items()}
    if expected != got:
        raise CheckpointError(f"{path}: tensors {sorted(got)} do not match the model's {sorted(expected)}")
    bad = [k for k, v in state.items() if not torch.isfinite(v).all()]
    if bad:
        raise CheckpointError(f"{path}: non-finite values in {bad}")
    model.load_state_dict(state, strict=True)
    return model


def completion_log_probs(model, tokens, mask):
    """log p(token_t | tokens_<t) as [B, T], zero where mask is 0 (column 0 has no context)."""
    logp = torch.log_softmax(model(tokens), -1)[:, :-1]
    of_token = logp.gather(2, tokens[:, 1:, None]).squeeze(2)
    return F.pad(of_token, (1, 0)) * mask


def sequence_batch(rows, pad_id, device):
    """Right-padded prompt+completion rows (lists of ids) -> tokens [B, T], mask [B, T] (1 on completions)."""
    T = max(len(p) + len(c) for p, c in rows)
    tokens = torch.full((len(rows), T), pad_id, dtype=torch.long)
    mask = torch.zeros(len(rows), T)
    for b, (p, c) in enumerate(rows):
        tokens[b, : len(p) + len(c)] = torch.tensor(p + c, dtype=torch.long)
        mask[b, len(p) : len(p) + len(c)] = 1
    return tokens.to(device), mask.to(device)


@torch.no_grad()
def sample(model, prompts, max_new, temperature, top_p, eos_id, pad_id, uniforms):
    """Completions of prompts (lists of ids) with a key/value cache: (tokens, raw log-probs) per row.

    uniforms [B, max_new] are the draws, one per row and token, so a row's completion depends
    on its own draws only (how the rows are split over processes changes nothing).
    Log-probs are under the raw model (temperature 1, no top-p), the policy's own.
    """
    device = uniforms.device
    B = len(prompts)
    P = max(len(p) for p in prompts)
    tokens = torch.full((B, P), pad_id, dtype=torch.long)
    positions = torch.zeros(B, P, dtype=torch.long)
    key_mask = torch.zeros(B, P)
    for b, p in enumerate(prompts):
        tokens[b, P - len(p) :] = torch.tensor(p)
        positions[b, P - len(p) :] = torch.arange(len(p))
        key_mask[b, P - len(p) :] = 1
    tokens, positions, key_mask = tokens.to(device), positions.to(device), key_mask.to(device)
    lengths = torch.tensor([len(p) for p in prompts], device=device)
    cache = []
    logits = model(tokens, positions, key_mask, cache)[:, -1]
    out = torch.zeros(B, max_new, dtype=torch.long, device=device)
    logps = torch.zeros(B, max_new, device=device)
    done = torch.zeros(B, dtype=torch.bool, device=device)
    for step in range(max_new):
        chosen = choose_tokens(logits, temperature, top_p, uniforms[:, step])
        chosen = torch.where(done, torch.full_like(chosen, pad_id), chosen)
        out[:, step] = chosen
        logps[:, step] = torch.log_softmax(logits, -1).gather(1, chosen[:, None]).squeeze(1)
        done = done | (chosen == eos_id)
        if bool(done.all()) or step == max_new - 1:
            break
        key_mask = torch.cat([key_mask, torch.ones(B, 1, device=device)], 1)
        logits = model(chosen[:, None], (lengths + step)[:, None], key_mask, cache)[:, -1]
    rows, row_logps = [], []
    for b in range(B):
        ids = out[b].tolist()
        end = ids.index(eos_id) + 1 if eos_id in ids else max_new
        rows.append(ids[:end])
        row_logps.append(logps[b, :end].tolist())
    return rows, row_logps


def choose_tokens(logits, temperature, top_p, u):
    """Tokens [B] drawn by inverse CDF at uniforms u [B] (src/core/model/nucleus.ts)."""
    if temperature <= 0:
        return logits.argmax(1)
    if top_p >= 1:
        cdf = torch.softmax(logits / temperature, 1).cumsum(1)
        return pick(cdf, u)
    values, indices = torch.sort(logits / temperature, 1, descending=True)
    probs = torch.softmax(values, 1)
    keep = (probs.cumsum(1) - probs) < top_p  # the top token always survives
    slot = pick((probs * keep).cumsum(1), u)
    return indices.gather(1, slot[:, None]).squeeze(1)


def pick(cdf, u):
    """First slot whose cumulative mass exceeds u times the row's total."""
    V = cdf.shape[1]
    return ((cdf - (u[:, None] * cdf[:, -1:])) <= 0).sum(1).clamp(max=V - 1)
