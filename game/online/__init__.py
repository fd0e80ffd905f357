"""Online seats (issue 46): a friend anywhere plays through a relay that forwards sealed
frames between the seat's page and the host and cannot read them (`seal`). Nothing here
imports pygame or the window."""
