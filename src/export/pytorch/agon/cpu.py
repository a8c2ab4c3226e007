"""Two CPU settings whose defaults cost these small models most of their time on Linux.

- glibc hands each freed tensor of a few MB back to the kernel and page-faults it in again at
  the next token; sampling allocates such tensors at every token, so that was half of an
  evaluation's time. Raised mmap and trim thresholds keep the memory in the heap for reuse.
- Debian's PyTorch calls OpenBLAS, whose own thread pool ignores torch.set_num_threads and
  spins on every core: a [128, 64] x [64, 192] product took 1.7 ms instead of 85 us on two busy
  cores. Its thread count is set to torch's.
Elsewhere (macOS, MKL builds, CUDA) these find nothing to change and do nothing.
"""
import ctypes
import ctypes.util

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
# glibc's largest mmap threshold on 64-bit (half its heap size); larger values are refused.
MMAP_THRESHOLD = 32 * 1024 * 1024
TRIM_THRESHOLD = 1024 * 1024 * 1024


def _library(name):
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


def keep_freed_memory():
    libc = _library(ctypes.util.find_library("c"))
    if libc is None or not hasattr(libc, "mallopt"):
        return
    libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)


def match_blas_threads(threads):
    """OpenBLAS, when this PyTorch uses it (loading it again returns the loaded copy), gets `threads` threads."""
    blas = _library("libopenblas.so.0")
    if blas is not None and hasattr(blas, "openblas_set_num_threads"):
        blas.openblas_set_num_threads(threads)
