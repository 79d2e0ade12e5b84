// What each thread keeps for itself. Its stack bounds, which Swift cannot
// ask for on Linux: pthread_getattr_np is a GNU extension that the Glibc
// module leaves out. And its last schema and key names lookups. (One file: with a second
// C file in the binary, valgrind 3.19, which the benchmarks' instruction
// counts run under, could not read the binary's debug information.)

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CModelKitPlatform.h"

#include <pthread.h>

static _Thread_local uintptr_t known_low;

__attribute__((noinline)) uintptr_t modelkit_stack_position(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

uintptr_t modelkit_thread_stack_low(void) {
  if (known_low != 0) {
    return known_low;
  }
  uintptr_t low = 0;
#if defined(__APPLE__)
  pthread_t thread = pthread_self();
  uintptr_t top = (uintptr_t)pthread_get_stackaddr_np(thread);
  size_t size = pthread_get_stacksize_np(thread);
  low = top > size ? top - size : 0;
#elif defined(__linux__)
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    void *address = 0;
    size_t size = 0;
    if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
      low = (uintptr_t)address;
    }
    pthread_attr_destroy(&attributes);
  }
#endif
  known_low = low;
  return low;
}

// For the schema cache to answer a thread that decodes or encodes one type
// again and again without its lock.
static _Thread_local modelkit_schema_slot last_schema;

modelkit_schema_slot *modelkit_thread_schema_slot(void) { return &last_schema; }

// For the key names of a coding key type, found again without their lock.
static _Thread_local modelkit_key_names_slot last_key_names;

modelkit_key_names_slot *modelkit_thread_key_names_slot(void) { return &last_key_names; }
