import Testing

@testable import HuewallPalette

/// Expected values are what PHP 8.2's round() printed for each input (`php -r`).
@Suite struct PHPRoundTests {
  @Test(arguments: [
    (1.4999999999999998, 2.0),
    (0.49999999999999994, 1.0),
    (2.5, 3.0),
    (0.5, 1.0),
    (1.5, 2.0),
    (99.499999999999986, 100.0),
    (57.499999999999993, 58.0),
    (4.4999999999999991, 5.0),
    (3.4999999999999996, 4.0),
    (1.5000000000000002, 2.0),
    (0.0, 0.0),
    (123456789012345.5, 123456789012346.0),
    (1e16, 1e16),
  ])
  func matchesPHP(input: Double, expected: Double) {
    #expect(phpRound(input) == expected)
  }

  @Test func differsFromPlainRoundingWherePHPPreRounds() {
    #expect(1.4999999999999998.rounded(.toNearestOrAwayFromZero) == 1)
    #expect(phpRound(1.4999999999999998) == 2)
  }

  @Test func nonFiniteValuesPassThrough() {
    #expect(phpRound(.infinity) == .infinity)
    #expect(phpRound(.nan).isNaN)
  }
}
