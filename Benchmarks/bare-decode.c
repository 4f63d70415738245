/* The floor for a libgd pipeline: for each file argument, read it into memory, decode it with
 * gdImageCreateFromJpegPtr and free the image. Nothing else: no sniffing, no analysis, no output.
 *
 *   cc -O2 -o bare-decode bare-decode.c -lgd
 *   ./bare-decode [--keep-freed-memory] FILE...
 *
 * --keep-freed-memory sets the same malloc options as huewall (ImageDecoder.keepFreedMemoryForReuse),
 * so that the two can also be compared with the allocator tuned alike.
 */
#include <gd.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static void *read_file(const char *path, int *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  if (fseek(f, 0, SEEK_END) != 0) { fclose(f); return NULL; }
  long length = ftell(f);
  rewind(f);
  void *bytes = length > 0 ? malloc((size_t)length) : NULL;
  if (bytes && fread(bytes, 1, (size_t)length, f) != (size_t)length) {
    free(bytes);
    bytes = NULL;
  }
  fclose(f);
  *size = (int)length;
  return bytes;
}

int main(int argc, char **argv) {
  int failures = 0;
  int first = 1;
  if (argc > 1 && strcmp(argv[1], "--keep-freed-memory") == 0) {
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    first = 2;
  }
  for (int i = first; i < argc; i++) {
    int size = 0;
    void *bytes = read_file(argv[i], &size);
    gdImagePtr image = bytes ? gdImageCreateFromJpegPtr(size, bytes) : NULL;
    if (image) {
      gdImageDestroy(image);
    } else {
      fprintf(stderr, "bare-decode: cannot decode %s\n", argv[i]);
      failures++;
    }
    free(bytes);
  }
  return failures ? 1 : 0;
}
