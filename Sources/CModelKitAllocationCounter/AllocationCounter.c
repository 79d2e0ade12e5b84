#include "CModelKitAllocationCounter.h"

#include <errno.h>
#include <stdlib.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define MODELKIT_UNDER_SANITIZER 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define MODELKIT_UNDER_SANITIZER 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(MODELKIT_UNDER_SANITIZER)

#include <pthread.h>

// No debug information for anything here: valgrind 3.19 gives up on a
// program with this file's DWARF 5 (clang's default) in it, and the
// benchmark is read under callgrind.
#define UNDEBUGGED __attribute__((nodebug))

// glibc exports its allocator under these names, so the replacements below
// reach it without `dlsym` (which may itself allocate). glibc documents
// replacing `malloc` this way ("Replacing malloc" in its manual): `free`
// and the functions not replaced here still reach the same allocator.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// The counting thread and its count, in plain globals (thread-local storage
// would need debug information valgrind cannot read). Only the counting
// thread writes `allocations`; every allocation reads `counting`
// atomically. `pthread_self` never allocates.
UNDEBUGGED static pthread_t counted_thread;
UNDEBUGGED static int counting;
UNDEBUGGED static size_t allocations;

UNDEBUGGED static inline void count_one(void) {
  if (__atomic_load_n(&counting, __ATOMIC_ACQUIRE) && pthread_equal(counted_thread, pthread_self())) {
    allocations += 1;
  }
}

UNDEBUGGED int modelkit_allocation_counting_is_active(void) { return 1; }

UNDEBUGGED void modelkit_allocation_counting_start(void) {
  __atomic_store_n(&counting, 0, __ATOMIC_RELEASE);
  counted_thread = pthread_self();
  allocations = 0;
  __atomic_store_n(&counting, 1, __ATOMIC_RELEASE);
}

UNDEBUGGED size_t modelkit_allocation_counting_stop(void) {
  __atomic_store_n(&counting, 0, __ATOMIC_RELEASE);
  return allocations;
}

UNDEBUGGED void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

UNDEBUGGED void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

UNDEBUGGED void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

UNDEBUGGED void free(void *pointer) { __libc_free(pointer); }

UNDEBUGGED void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

UNDEBUGGED void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

UNDEBUGGED int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

#else

int modelkit_allocation_counting_is_active(void) { return 0; }
void modelkit_allocation_counting_start(void) {}
size_t modelkit_allocation_counting_stop(void) { return 0; }

#endif
