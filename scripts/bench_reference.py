#!/usr/bin/python3
"""PyTorch reference for `npm run bench:reference` and `npm run bench:gpu`: one training step of the
app's model, on the CPU or (--device cuda) a CUDA GPU.

Mirrors src/core/model/transformer.ts (pre-LN GPT, fused qkv, GELU as x*sigmoid(1.702x),
untied [D, V] head) and the train step of src/core/model/benchmark.ts (masked completion
log-prob loss, Adam; each step reads its loss back, as the tfjs step does). Prints one JSON line:
{"params", "step_ms", "first_loss", ...}; with --device cuda where torch has no CUDA, a line with
"skipped": "no CUDA" instead (exit 0). Written as plain eager PyTorch on purpose: it is the
yardstick, not a tuned kernel. --cuda-graph replays the whole step (forward, backward, Adam) as
one captured CUDA graph: what PyTorch offers against per-kernel launch overhead.
"""
import argparse
import json
import math
import os
import sys
import time

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--vocab", type=int, default=59)
parser.add_argument("--d-model", type=int, default=64)
parser.add_argument("--layers", type=int, default=2)
parser.add_argument("--heads", type=int, default=4)
parser.add_argument("--d-ff", type=int, default=256)
parser.add_argument("--max-len", type=int, default=128)
parser.add_argument("--batch", type=int, default=64)
parser.add_argument("--seq", type=int, default=48, help="prompt + completion tokens per row")
parser.add_argument("--prompt", type=int, default=16)
parser.add_argument("--steps", type=int, default=5, help="timed steps, after one warm-up step")
parser.add_argument("--threads", type=int, default=1)
parser.add_argument("--device", help="cpu or cuda (default: torch's default device)")
parser.add_argument("--cuda-graph", action="store_true", help="capture the step once as a CUDA graph and replay it")
parser.add_argument("--params-only", action="store_true", help="print the parameter count and exit")
args = parser.parse_args()

# The BLAS/OpenMP pools read these when torch loads, so set them before the import.
for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = str(args.threads)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402

torch.set_num_threads(args.threads)
torch.manual_seed(1)
device = torch.device(args.device) if args.device else None
STD = 0.02


def normal(*shape, std=STD):
    return nn.Parameter(torch.randn(*shape) * std)


def gelu(x):
    # Same approximation as the tfjs model (it avoids tanh, slow on wasm).
    return x * torch.sigmoid(1.702 * x)


class Block(nn.Module):
    def __init__(self, d, heads, d_ff, residual_std):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d, eps=1e-5)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d, eps=1e-5)
        self.up = nn.Linear(d, d_ff)
        self.down = nn.Linear(d_ff, d)
        for lin, std in ((self.qkv, STD), (self.out, residual_std), (self.up, STD), (self.down, residual_std)):
            nn.init.normal_(lin.weight, 0.0, std)
            nn.init.zeros_(lin.bias)

    def forward(self, x, causal):
        B, T, D = x.shape
        H = self.heads
        q, k, v = self.qkv(self.ln1(x)).split(D, dim=2)
        q, k, v = (t.view(B, T, H, D // H).transpose(1, 2) for t in (q, k, v))  # [B, H, T, dHead]
        scores = (q / math.sqrt(D // H)) @ k.transpose(2, 3)
        mixed = scores.masked_fill(causal, -1e9).softmax(-1) @ v
        x = x + self.out(mixed.transpose(1, 2).reshape(B, T, D))
        return x + self.down(gelu(self.up(self.ln2(x))))


class Transformer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.wte = normal(a.vocab, a.d_model)
        self.wpe = normal(a.max_len, a.d_model)
        residual_std = STD / math.sqrt(2 * a.layers)
        self.blocks = nn.ModuleList(Block(a.d_model, a.heads, a.d_ff, residual_std) for _ in range(a.layers))
        self.lnf = nn.LayerNorm(a.d_model, eps=1e-5)
        self.head = normal(a.d_model, a.vocab)  # untied, [D, V] like the tfjs model

    def forward(self, tokens):
        T = tokens.shape[1]
        x = F.embedding(tokens, self.wte) + self.wpe[:T]
        causal = torch.ones(T, T, dtype=torch.bool, device=tokens.device).triu(1)
        for block in self.blocks:
            x = block(x, causal)
        return self.lnf(x) @ self.head


def batch(a):
    """The rows of timeTrainStep: prompt then completion, mask 1 on completion tokens."""
    v = a.vocab - 1
    rows = [
        [1 + (i + j) % v for j in range(a.prompt)] + [1 + (i * 3 + j) % v for j in range(a.seq - a.prompt)]
        for i in range(a.batch)
    ]
    mask = torch.zeros(a.batch, a.seq)
    mask[:, a.prompt :] = 1
    return torch.tensor(rows), mask


def completion_log_probs(model, tokens, mask):
    """log p(token_t | tokens_<t) as [B, T]; column 0 has no context and scores 0 (as in logprobs.ts)."""
    log_probs = model(tokens).log_softmax(-1)[:, :-1]
    of_token = log_probs.gather(2, tokens[:, 1:, None]).squeeze(2)
    return F.pad(of_token, (1, 0)) * mask


model = Transformer(args)
params = sum(p.numel() for p in model.parameters())
if args.params_only:
    print(json.dumps({"params": params}))
    sys.exit(0)

if args.cuda_graph and args.device != "cuda":
    sys.exit("--cuda-graph needs --device cuda")
if args.device == "cuda" and not torch.cuda.is_available():
    print(json.dumps({"params": params, "skipped": "no CUDA", "torch": torch.__version__}))
    sys.exit(0)
if args.cuda_graph and not hasattr(torch.cuda, "CUDAGraph"):
    print(json.dumps({"params": params, "skipped": f"torch {torch.__version__} has no CUDA graphs", "torch": torch.__version__}))
    sys.exit(0)

tokens, mask = batch(args)
if device is not None:
    model.to(device)
    tokens, mask = tokens.to(device), mask.to(device)
# tfjs's Adam defaults; its epsilon is 1e-7 where torch's is 1e-8. A captured step needs Adam's
# step counts on the GPU (capturable).
adam_options = {"capturable": True} if args.cuda_graph else {}
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-7, **adam_options)


def loss_backward_adam():
    loss = -completion_log_probs(model, tokens, mask).mean()
    loss.backward()
    optimizer.step()
    return loss


def step():
    optimizer.zero_grad(set_to_none=True)
    return loss_backward_adam().item()


def graph_step():
    """The step captured as a CUDA graph (after warm-up steps on a side stream, as torch's docs
    do); each call replays it and reads the loss back."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    # Gradients stay allocated in the graph's pool: each replay overwrites them (no zero_grad).
    optimizer.zero_grad(set_to_none=True)
    with torch.cuda.graph(graph):
        static_loss = loss_backward_adam()

    def replay():
        graph.replay()
        return static_loss.item()

    return replay


if args.cuda_graph:
    first_loss = step()  # the same first step as eager, before the capture's warm-up steps
    step = graph_step()
else:
    first_loss = step()  # warm-up (allocates Adam's state)
start = time.perf_counter()
for _ in range(args.steps):
    step()
step_ms = (time.perf_counter() - start) * 1000 / args.steps
print(json.dumps({
    "params": params,
    "step_ms": step_ms,
    "first_loss": first_loss,
    "threads": torch.get_num_threads(),
    "torch": torch.__version__,
    "device": str(next(model.parameters()).device),
    **({"gpu": torch.cuda.get_device_name(0)} if next(model.parameters()).is_cuda else {}),
}))
