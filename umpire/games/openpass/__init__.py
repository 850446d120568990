"""Open, Pass — Heaven and Hell: the 13-player Main Match, from deck building to Tokens of Life."""
