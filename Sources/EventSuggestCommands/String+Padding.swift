extension String {
    /// The text and spaces up to `length` characters, and at least one space.
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
