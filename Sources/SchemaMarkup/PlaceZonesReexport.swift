// Reservations carry the zone each time was given and why (`ZoneMatch`), and an extractor takes
// the `PlaceZoneDirectory` it resolves them with: whoever reads SchemaMarkup reads these types.
@_exported import PlaceZones
