"""torch.distributed set-up: one process, or a torchrun group (gloo on the CPU, nccl on CUDA)."""
import os

import torch
import torch.distributed as dist


class World:
    def __init__(self, device_arg):
        self.size = int(os.environ.get("WORLD_SIZE", "1"))
        self.rank = int(os.environ.get("RANK", "0"))
        local = int(os.environ.get("LOCAL_RANK", "0"))
        wants_cuda = device_arg == "cuda" or (device_arg == "auto" and torch.cuda.is_available())
        if wants_cuda and not torch.cuda.is_available():
            raise SystemExit("--device cuda: no CUDA device is available here (use --device cpu)")
        self.device = torch.device(f"cuda:{local}" if wants_cuda else "cpu")
        if wants_cuda:
            torch.cuda.set_device(self.device)
        self.backend = "nccl" if wants_cuda else "gloo"
        if self.size > 1:
            dist.init_process_group(self.backend)

    @property
    def distributed(self):
        return self.size > 1

    def share(self, count):
        """The contiguous slice [start, end) of `count` items this rank takes."""
        return self.rank * count // self.size, (self.rank + 1) * count // self.size

    def gather(self, obj):
        """Every rank's obj, in rank order."""
        if not self.distributed:
            return [obj]
        out = [None] * self.size
        dist.all_gather_object(out, obj)
        return out

    def sum(self, value):
        if not self.distributed:
            return value
        t = torch.tensor([float(value)], dtype=torch.float64, device=self.device if self.backend == "nccl" else "cpu")
        dist.all_reduce(t)
        return float(t.item())

    def barrier(self):
        if self.distributed:
            dist.barrier()

    def close(self):
        if self.distributed:
            dist.destroy_process_group()
