from boardcore.cli import main

main()
