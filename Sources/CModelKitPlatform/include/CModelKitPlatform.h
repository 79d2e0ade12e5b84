#ifndef CMODELKITPLATFORM_H
#define CMODELKITPLATFORM_H

// What Swift cannot ask the platform for at ModelKit's platform floor
// (macOS 12, iOS 15, tvOS 15, watchOS 8): a thread's stack bounds,
// atomic bytes and pointers (Synchronization's Atomic needs macOS 15 /
// iOS 18), and a variable of each thread's own.

#include <stdint.h>

/// The lowest address of the calling thread's stack, or 0 when the system
/// does not say. Found once per thread and remembered.
uintptr_t modelkit_thread_stack_low(void);

/// An address in the caller's stack frame: the real stack, even where a
/// sanitizer moves local variables elsewhere.
uintptr_t modelkit_stack_position(void);

/// A model type and its schema, as addresses (a type's metadata, an
/// unretained schema): the last the calling thread looked up; and the size
/// of the last text it wrote of that type (0 before one).
typedef struct {
  uintptr_t type;
  const void *schema;
  intptr_t text_size;
} modelkit_schema_slot;

/// The calling thread's last schema lookup (zeros before the first).
modelkit_schema_slot *modelkit_thread_schema_slot(void);

/// A coding key type and its names, as addresses (a type's metadata, an
/// unretained `KeyNames`): the last the calling thread looked up.
typedef struct {
  uintptr_t type;
  const void *names;
} modelkit_key_names_slot;

/// The calling thread's last key names lookup (zeros before the first).
modelkit_key_names_slot *modelkit_thread_key_names_slot(void);

/// Reads the byte at `byte` atomically, with acquire ordering.
static inline uint8_t modelkit_atomic_load(const uint8_t *byte) {
  return __atomic_load_n(byte, __ATOMIC_ACQUIRE);
}

/// Sets `bits` in the byte at `byte` atomically, with acquire-release ordering.
static inline void modelkit_atomic_insert(uint8_t *byte, uint8_t bits) {
  __atomic_fetch_or(byte, bits, __ATOMIC_ACQ_REL);
}

/// Puts `value` in the pointer at `slot` atomically, with acquire-release
/// ordering, and returns the pointer it held.
static inline void *modelkit_atomic_exchange_pointer(void **slot, void *value) {
  return __atomic_exchange_n(slot, value, __ATOMIC_ACQ_REL);
}

#endif
