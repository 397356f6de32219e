// The command tree lives in TesseraCommand; nothing else belongs here (see README's module map).
TesseraCommand.main()
