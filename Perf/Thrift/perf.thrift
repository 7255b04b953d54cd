// Apache Thrift mirrors of the workloads Thrift can represent (1, 3, the order and 4), for the Binary and Compact protocol
// contenders. Thrift structs are trees: no shared references or cycles (the company graph and the linked list have no Thrift form).
// Regenerate the C# with ./generate.sh (thrift --gen netstd); see README.md for why it is not compiled.

namespace netstd NFX.Perf.Thrift

// System.Decimal exactly: the three 32-bit words of the 96-bit integer and the flags word (sign and scale).
struct DecimalT {
  1: i32 lo
  2: i32 mid
  3: i32 hi
  4: i32 flags
}

struct PerzonT {
  1: optional string firstName
  2: optional string middleName
  3: optional string lastName
  4: optional PerzonT parent
  5: i32 age1
  6: i32 age2
  7: optional i32 age3
  8: optional i32 age4
  9: double salary1
  10: optional double salary2
  11: binary id1
  12: optional binary id2
  13: optional binary id3
  14: list<string> names1
  15: list<string> names2
  16: i32 o1
  17: bool o2
  18: i64 o3Ticks
  19: i32 o3Kind
  20: i64 o4Ticks
  21: DecimalT o5
}

struct UserT {
  1: i64 id
  2: string displayName
  3: i32 reputation
  4: string profileUrl
  5: list<i32> badgeCounts
}

// Times are UTC ticks.
struct CommentT {
  1: i64 id
  2: UserT owner
  3: string body
  4: i32 score
  5: i64 createdAt
}

struct AnswerT {
  1: i64 id
  2: UserT owner
  3: string body
  4: i32 score
  5: bool isAccepted
  6: i64 createdAt
  7: list<CommentT> comments
}

struct QuestionT {
  1: i64 id
  2: string title
  3: string body
  4: UserT owner
  5: i64 createdAt
  6: optional i64 closedAt
  7: i32 score
  8: i32 viewCount
  9: bool isAnswered
  10: optional i64 acceptedAnswerId
  11: list<string> tags
  12: list<AnswerT> answers
  13: list<CommentT> comments
}

// The order workload: the status as its number, times as UTC ticks.
struct PostalAddressT {
  1: optional string street
  2: optional string city
  3: optional string postalCode
  4: optional string country
}

struct CustomerT {
  1: i64 id
  2: optional string name
  3: optional string email
  4: optional PostalAddressT billingAddress
}

struct OrderLineT {
  1: optional string sku
  2: i32 quantity
  3: DecimalT unitPrice
}

struct OrderT {
  1: i64 id
  2: i64 placedAt
  3: i32 status
  4: optional CustomerT customer
  5: optional PostalAddressT shipTo
  6: list<OrderLineT> lines
  7: optional string note
}

struct Int32ArrayT {
  1: list<i32> values
}

struct DoubleArrayT {
  1: list<double> values
}

struct ByteArrayT {
  1: binary values
}
