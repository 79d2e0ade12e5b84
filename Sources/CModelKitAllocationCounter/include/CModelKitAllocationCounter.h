#ifndef CMODELKITALLOCATIONCOUNTER_H
#define CMODELKITALLOCATIONCOUNTER_H

// Counts the heap allocations one thread makes, as swift-nio's allocation
// tests do: a process that links this target has its `malloc` family
// replaced by functions that count a call and hand it to the C library's
// allocator. For the benchmark and the tests only; never linked into the
// library.

#include <stddef.h>

/// Whether this process counts allocations: on Linux with glibc, and not
/// under a sanitizer (which replaces `malloc` itself).
int modelkit_allocation_counting_is_active(void);

/// Starts counting the calling thread's allocations (`malloc`, `calloc`,
/// `realloc`, aligned allocations) from zero. One thread counts at a time
/// in a process: a start on another thread moves the count there.
void modelkit_allocation_counting_start(void);

/// Stops counting and returns the allocations since the start; 0 where
/// counting is not active.
size_t modelkit_allocation_counting_stop(void);

#endif
