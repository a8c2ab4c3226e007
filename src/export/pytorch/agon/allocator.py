"""Keeps freed tensor memory in the process on glibc (Linux).

Sampling allocates key/value and attention tensors of a few MB at every token. glibc hands
each one back to the kernel when it is freed and page-faults it in again at the next token;
on the CPU that cost half the time of an evaluation. Raising the mmap and trim thresholds keeps
the memory in the heap for reuse. Elsewhere (macOS, musl, CUDA memory) this does nothing.
"""
import ctypes
import ctypes.util

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
# glibc's largest mmap threshold on 64-bit (half its heap size); larger values are refused.
MMAP_THRESHOLD = 32 * 1024 * 1024
TRIM_THRESHOLD = 1024 * 1024 * 1024


def keep_freed_memory():
    name = ctypes.util.find_library("c")
    if name is None:
        return
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
