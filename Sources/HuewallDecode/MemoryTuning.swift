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
  public static func keepFreedMemoryForReuse() {
    _ = tuneAllocatorOnce
  }

  private static let tuneAllocatorOnce: Void = {
    _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
    _ = mallopt(M_TOP_PAD, 16 << 20)
  }()
}
