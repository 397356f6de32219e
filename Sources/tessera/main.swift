// The command tree lives in TesseraCommand; nothing else belongs here (see Sources/README.md).
TesseraCommand.main()
