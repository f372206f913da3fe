"""What every game of the project shares: the game protocol, actions, the seeded
random generator, the event log and the save format. No game rules live here."""
