@main enum Bench { static func main() { } }
