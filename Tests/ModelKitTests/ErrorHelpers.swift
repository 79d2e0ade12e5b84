import Foundation
import ModelKit

/// The `ModelError` an error is or carries: the coders throw Foundation's
/// errors with ModelKit's underneath.
func underlyingModelError(_ error: any Error) -> ModelError? {
  if let error = error as? ModelError { return error }
  switch error {
  case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
    DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
    return context.underlyingError as? ModelError
  case EncodingError.invalidValue(_, let context):
    return context.underlyingError as? ModelError
  default:
    return nil
  }
}
