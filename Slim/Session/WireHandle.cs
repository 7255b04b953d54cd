namespace NFX.Slim.Session;

/// <summary>
/// The first varint of every reference on the wire (docs/FORMAT.md, "References"):
/// 0 = null; 1 = a new object of exactly the slot's declared type (no type handle); 2 = a new object whose type
/// handle follows; n >= 3 = the object already announced at pool index n - 3. A new object always takes the next
/// pool index, so the wire never carries one.
/// </summary>
internal static class WireHandle
{
    public const uint Null = 0;
    public const uint NewOfDeclaredType = 1;
    public const uint NewWithType = 2;
    public const uint FirstBackReference = 3;
}
