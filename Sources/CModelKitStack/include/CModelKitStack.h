#ifndef CMODELKITSTACK_H
#define CMODELKITSTACK_H

#include <stdint.h>

/// The lowest address of the calling thread's stack, or 0 when the system
/// does not say. Found once per thread and remembered.
uintptr_t modelkit_thread_stack_low(void);

/// An address in the caller's stack frame: the real stack, even where a
/// sanitizer moves local variables elsewhere.
uintptr_t modelkit_stack_position(void);

#endif
