import Foundation

/// What `train` learns about a model from predictions on data it did not
/// train on: the ``Calibration`` of its probabilities, and the confusion of
/// its calibrated labels, which ``QuantificationMethod/adjusted`` uses.
///
/// Both come from k-fold cross-validation on the training data: each fold's
/// texts are scored by a model trained, with the same settings, on the
/// other folds. For a large corpus, the cross-validation runs on a seeded
/// random sample of at most ``maximumRows`` rows (``HeldOutSample``): four
/// numbers need far fewer, and training stays linear in the data.
package struct HeldOutFit: Equatable, Sendable {
  /// How the model's scores become probabilities.
  package var calibration: Calibration
  /// Held-out confusion counts of the labels (the class with the highest
  /// score):
  /// `confusion[actual][predicted]`.
  package var confusion: PerClass<PerClass<Int>>
  /// Held-out mean calibrated probabilities: `meanProbabilities[actual][c]`
  /// is the mean probability of class `c` among held-out texts of class
  /// `actual` (what ``QuantificationMethod/adjusted`` corrects with).
  package var meanProbabilities: PerClass<PerClass<Double>>
  /// The same means after each text's probabilities are re-weighted to
  /// equal class priors (``Quantifier/equalPriors(_:training:)``, by the
  /// class shares of the rows cross-validated: the training data's, or a
  /// uniform sample's), which ``QuantificationMethod/adjusted`` corrects
  /// with.
  package var equalPriorMeans: PerClass<PerClass<Double>>
  /// The number of folds.
  package var folds: Int
  /// The number of rows cross-validated.
  package var rows: Int

  /// Creates a fit.
  package init(
    calibration: Calibration, confusion: PerClass<PerClass<Int>>,
    meanProbabilities: PerClass<PerClass<Double>>, equalPriorMeans: PerClass<PerClass<Double>>,
    folds: Int, rows: Int
  ) {
    self.calibration = calibration
    self.confusion = confusion
    self.meanProbabilities = meanProbabilities
    self.equalPriorMeans = equalPriorMeans
    self.folds = folds
    self.rows = rows
  }

  /// The folds `train` cross-validates with.
  package static let defaultFolds = 5
  /// The most rows `train` cross-validates.
  package static let maximumRows = 20_000
  /// The most groups that rows are held out by, a group at a time
  /// (`train --fit-groups`, `eval --group-column`): each group trains a
  /// model, so the time grows with the groups times the rows, and thousands
  /// of groups (an id column named by mistake) would run for hours.
  package static let maximumGroups = 100
  /// The seed of the folds and of the sample.
  package static let seed: UInt64 = 5
}
