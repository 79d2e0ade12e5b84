// The checks of the package's invariants (Documentation/Internals.md), which
// only builds with `MODELKIT_INTERNAL_CHECKS=1` compile in: each test breaks
// one invariant in a child process and expects that process to stop. The
// rest of the suite, run in the same build, shows that no use the tests
// make breaks one.
#if MODELKIT_INTERNAL_CHECKS
  import Foundation
  @testable import ModelKit
  import Testing

  @Suite("Invariant checks")
  struct InvariantCheckTests {
    @Test("a lock taken again by the thread that holds it stops the process instead of deadlocking")
    func lockTakenTwice() async {
      await #expect(processExitsWith: .failure) {
        let counter = Locked(0)
        counter.withLock { _ in counter.withLock { $0 += 1 } }
      }
    }

    @Test("a writer holding its buffer alone that is copied and written to stops the process")
    func writerHoldingItsBufferAloneCopied() async {
      await #expect(processExitsWith: .failure) {
        var writer = JSONWriter()
        writer.holdBufferAlone()
        writer.beginArray()
        let copy = writer
        writer.write(1)
        _ = copy.count
      }
    }

    @Test("a recursive lock may be taken again by its holder")
    func recursiveLock() {
      let counter = Locked(0, recursive: true)
      counter.whileLocked { counter.withLock { $0 += 1 } }
      #expect(counter.withLock { $0 } == 1)
    }

    @Test("a converter used for a type other than its own stops the process")
    func converterOfAnotherType() async {
      await #expect(processExitsWith: .failure) {
        let converter = try #require(KnownConverters.make(for: Int.self))
        _ = converter.typed(as: String.self)
      }
    }

    @Test("per-call state taken by a second call while one holds it stops the process")
    func perCallStateTakenTwice() async {
      await #expect(processExitsWith: .failure) {
        let cache = ConverterCache()
        cache.owner.claim()
        cache.owner.claim()
      }
    }

    @Test("per-call state used from a thread other than its call's stops the process")
    func perCallStateUsedElsewhere() async {
      await #expect(processExitsWith: .failure) {
        // Handed to another thread on purpose: the check is what stops it.
        nonisolated(unsafe) let cache = ConverterCache()
        cache.owner.claim()
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
          _ = try? cache.entry(for: Int.self)
          done.signal()
        }
        other.start()
        done.wait()
      }
    }

    @Test("a lenient rule's answer in strict mode stops the process")
    func conversionInStrictMode() async {
      await #expect(processExitsWith: .failure) {
        let document = try JSONDocument(parsing: #""640""#)
        var context = ReadContext(document: document, options: DecodingOptions(strict: true))
        context.noteConversion(document.root, target: "Int")
      }
    }

    @Test("the same uses in lenient mode and from the holding thread pass")
    func allowedUses() throws {
      let cache = ConverterCache()
      cache.owner.claim()
      #expect(try cache.entry(for: Int.self).converter?.typed(as: Int.self) != nil)
      cache.owner.release()
      cache.owner.claim()
      cache.owner.release()
      let document = try JSONDocument(parsing: #""640""#)
      let report = DecodeReport()
      ReportRecorder.recording(DecodingOptions(report: report)) { recorder in
        var context = ReadContext(document: document, options: DecodingOptions(report: report), recorder: recorder)
        context.noteConversion(document.root, target: "Int")
      }
      #expect(report.entries.map(\.kind) == [.converted])
    }
  }
#endif
