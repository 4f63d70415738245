// The per-photo costs of a thumbnail with libgd's own calls, as DecodedImage.thumbnail made it
// before its box filter: resampling the whole image to 240 px, the two-stage reduction (pixel
// picking to twice the size, then resampling), libgd's WebP and JPEG encodings of the result,
// and the JPEG decode itself.
//
// usage: cc -O2 Benchmarks/thumbnail-cost.c -o /tmp/thumbnail-cost -lgd
//        /tmp/thumbnail-cost Benchmarks/.photos/photo-01.jpg   (photos: Benchmarks/make-photos)
#include <gd.h>
#include <stdio.h>
#include <time.h>

enum { rounds = 20, side = 240 };

static double milliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static gdImagePtr decode(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  gdImagePtr image = gdImageCreateFromJpeg(file);
  fclose(file);
  return image;
}

// A new canvas of the thumbnail's size that keeps alpha as it is copied.
static gdImagePtr canvas(int width, int height) {
  gdImagePtr image = gdImageCreateTrueColor(width, height);
  gdImageAlphaBlending(image, 0);
  gdImageSaveAlpha(image, 1);
  return image;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: thumbnail-cost PHOTO.jpg\n");
    return 2;
  }
  gdImagePtr photo = decode(argv[1]);
  if (!photo) {
    fprintf(stderr, "thumbnail-cost: cannot decode %s\n", argv[1]);
    return 1;
  }
  int width = gdImageSX(photo), height = gdImageSY(photo);
  int longer = width > height ? width : height;
  int tw = side * width / longer, th = side * height / longer;

  double start = milliseconds();
  for (int i = 0; i < rounds; i++) {
    gdImagePtr thumb = canvas(tw, th);
    gdImageCopyResampled(thumb, photo, 0, 0, 0, 0, tw, th, width, height);
    gdImageDestroy(thumb);
  }
  double resampled = (milliseconds() - start) / rounds;

  gdImagePtr thumb = canvas(tw, th);
  gdImageCopyResampled(thumb, photo, 0, 0, 0, 0, tw, th, width, height);
  int size = 0;
  start = milliseconds();
  for (int i = 0; i < rounds; i++) gdFree(gdImageWebpPtrEx(thumb, &size, 80));
  double webp = (milliseconds() - start) / rounds;
  int jpegSize = 0;
  start = milliseconds();
  for (int i = 0; i < rounds; i++) gdFree(gdImageJpegPtr(thumb, &jpegSize, 80));
  double jpeg = (milliseconds() - start) / rounds;
  gdImageDestroy(thumb);

  start = milliseconds();
  for (int i = 0; i < rounds; i++) {
    gdImagePtr reduced = gdImageCreateTrueColor(2 * tw, 2 * th);
    gdImageAlphaBlending(reduced, 0);
    gdImageCopyResized(reduced, photo, 0, 0, 0, 0, 2 * tw, 2 * th, width, height);
    gdImagePtr small = canvas(tw, th);
    gdImageCopyResampled(small, reduced, 0, 0, 0, 0, tw, th, 2 * tw, 2 * th);
    gdImageDestroy(reduced);
    gdImageDestroy(small);
  }
  double twoStage = (milliseconds() - start) / rounds;

  start = milliseconds();
  for (int i = 0; i < rounds; i++) gdImageDestroy(decode(argv[1]));
  double decoding = (milliseconds() - start) / rounds;

  printf("%dx%d: resampled %.2f ms, two-stage %.2f ms, WebP %.2f ms (%d bytes), "
         "JPEG %.2f ms (%d bytes), decode %.2f ms\n",
         width, height, resampled, twoStage, webp, size, jpeg, jpegSize, decoding);
  gdImageDestroy(photo);
  return 0;
}
