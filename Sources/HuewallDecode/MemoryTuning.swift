import CGD
import HuewallCore

extension ImageDecoder {
  /// Keeps memory that libgd frees within the process, for the next image.
  ///
  /// libgd allocates every row of an image separately and frees them together. By default glibc
  /// hands that memory back to the kernel after each image and faults it in again for the next,
  /// which costs about a quarter of a JPEG decode. A batch that decodes image after image should
  /// call this once at start; what is kept stays bounded (64 MiB of free memory at the top of
  /// the heap). It changes the allocator for the whole process, so only an executable should
  /// call it.
  ///
  /// Setting the trim threshold also stops glibc from raising its mapping threshold as blocks
  /// are freed, which it would otherwise do up to 32 MiB: it is set there, so that a block
  /// below that comes from the heap rather than a mapping of its own, faulted in page by page
  /// and unmapped when freed. A live wall allocates and frees several such blocks a photo (a
  /// grid's pixels given back from its numbers, their copy with the backdrop marked, half a
  /// megabyte each on a shop photo).
  public static func keepFreedMemoryForReuse() {
    _ = tuneAllocatorOnce
  }

  private static let tuneAllocatorOnce: Void = {
    _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
    _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
    _ = mallopt(M_TOP_PAD, 16 << 20)
  }()
}
