// Package safejsonlogrus is a logrus Formatter that writes every field value
// through safejson, so that a cyclic value, a NaN or a func field no longer
// loses the whole log line.
//
// logrus has no encoder hook: its JSONFormatter calls encoding/json on the
// whole entry, and when one field fails logrus drops the line and prints
// "Failed to format entry: failed to marshal fields to JSON, …" on stderr.
// One line instead of logrus.JSONFormatter, with the same options:
//
//	logger.SetFormatter(&safejsonlogrus.JSONFormatter{})
//	logger.SetFormatter(&safejsonlogrus.JSONFormatter{JSONFormatter: logrus.JSONFormatter{PrettyPrint: true}})
//
// Every option of logrus.JSONFormatter (TimestampFormat, DisableTimestamp,
// DisableHTMLEscape, DataKey, FieldMap, CallerPrettyfier, PrettyPrint) keeps
// its meaning: the entry is still formatted by logrus.JSONFormatter, after
// each field value has been encoded by safejson. Plain data gives the line
// logrus.JSONFormatter gives, byte for byte (HTML escaped unless
// DisableHTMLEscape, as logrus does). A value encoding/json rejects is
// written with safejson's substitute, and the line keeps its other fields.
// An error of your own MarshalJSON is returned to logrus as before ("failed
// to marshal fields to JSON, " and the error), and logrus drops that line.
package safejsonlogrus
