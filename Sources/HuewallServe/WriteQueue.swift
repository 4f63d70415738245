/// Runs the server's own writes to the catalogue one at a time, in the order they come.
///
/// Each write takes the run lock, an `flock` that another process (a `huewall run`) may hold.
/// Two writes of this process taking it at once would refuse each other as if a run held it;
/// in the queue, only a run's lock refuses a write.
actor WriteQueue {
  /// Runs `write` once every write before it has finished.
  func run<Value: Sendable, Failure: Error>(_ write: @Sendable () throws(Failure) -> Value)
    throws(Failure) -> Value
  {
    try write()
  }
}
