@_exported import ModelKitJSON
