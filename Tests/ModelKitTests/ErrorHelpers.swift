import Foundation
import ModelKit

/// The `ModelError` an error is or carries: the coders throw Foundation's
/// errors with ModelKit's underneath.
func underlyingModelError(_ error: any Error) -> ModelError? {
  if let error = error as? ModelError { return error }
  if let error = error as? DecodingError { return decodingContext(error)?.underlyingError as? ModelError }
  switch error {
  case EncodingError.invalidValue(_, let context):
    return context.underlyingError as? ModelError
  default:
    return nil
  }
}

/// The context a `DecodingError` carries (every case has one).
func decodingContext(_ error: DecodingError) -> DecodingError.Context? {
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
    .dataCorrupted(let context):
    context
  @unknown default: nil
  }
}
