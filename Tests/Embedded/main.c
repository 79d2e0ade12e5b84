// Feeds Tests/Embedded/EngineTranscript.swift: each argument is a file
// to read, `text:` followed by the text itself, or `dates` for the
// transcript of the calendar arithmetic.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void modelkit_engine_transcript(const uint8_t *bytes, intptr_t count);
void modelkit_dates_transcript(void);

#ifdef MODELKIT_EMBEDDED
// What the Embedded Swift standard library leaves to the platform:
// `Double(String)` parses with this function of the full runtime. A C
// program runs in the "C" locale, so strtod reads JSON's decimal point.
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  char *end = NULL;
  *result = strtod(text, &end);
  return end;
}
#endif

static int transcribe(const char *argument) {
  printf("== %s\n", argument);
  fflush(stdout);
  if (strcmp(argument, "dates") == 0) {
    modelkit_dates_transcript();
    return 0;
  }
  if (strncmp(argument, "text:", 5) == 0) {
    const char *text = argument + 5;
    modelkit_engine_transcript((const uint8_t *)text, (intptr_t)strlen(text));
    return 0;
  }
  FILE *file = fopen(argument, "rb");
  if (!file) {
    perror(argument);
    return 1;
  }
  size_t capacity = 1 << 16, count = 0;
  uint8_t *bytes = malloc(capacity);
  size_t read;
  while (bytes && (read = fread(bytes + count, 1, capacity - count, file)) > 0) {
    count += read;
    if (count == capacity) bytes = realloc(bytes, capacity *= 2);
  }
  fclose(file);
  if (!bytes) return 1;
  modelkit_engine_transcript(bytes, (intptr_t)count);
  free(bytes);
  return 0;
}

int main(int argc, char **argv) {
  int failed = 0;
  for (int index = 1; index < argc; index++) failed |= transcribe(argv[index]);
  fflush(stdout);
  return failed;
}
