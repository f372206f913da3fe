"""The words of Kap's table-side panels (moments: ``nile.cape.moments``), English and German, merged into the
game's catalog by ``nile.cape.catalog``."""

EN = {
    "cape.moment.bids_title": "The auction's bids are open",
    "cape.moment.player": "Player",
    "cape.moment.bid": "Bid",
    "cape.moment.pond_one": "1 Pond",
    "cape.moment.pond_other": "{count} Pond",
    "cape.moment.crossing_title": "{player} crosses a landscape",
    "cape.moment.crossing": "{player} crosses the {landscape}: {crossed} of 8 landscapes crossed.",
    "cape.moment.income": "Income +{income} Pond; rails bought: {bought} for {paid} Pond; bonus rails used: {bonus}.",
}

DE = {
    "cape.moment.bids_title": "Die Gebote der Versteigerung sind offen",
    "cape.moment.player": "Spieler",
    "cape.moment.bid": "Gebot",
    "cape.moment.pond_one": "1 Pond",
    "cape.moment.pond_other": "{count} Pond",
    "cape.moment.crossing_title": "{player} durchquert eine Landschaft",
    "cape.moment.crossing": "{player} durchquert: {landscape}; {crossed} von 8 Landschaften durchquert.",
    "cape.moment.income": "Einkommen +{income} Pond; Schienen gekauft: {bought} für {paid} Pond; Bonusschienen genutzt: {bonus}.",
}
