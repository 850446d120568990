"""Devil's Deal: pools of cards, equal-sum refills and three-card poker with betting (a 2-player Death Match)."""
