// Reservations carry `DateTimeValue`s (and soon zones): whoever reads SchemaMarkup's model
// reads CivilTime's types, so they come with it — one import, as when they lived here.
@_exported import CivilTime
