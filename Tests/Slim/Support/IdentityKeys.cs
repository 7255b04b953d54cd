namespace NFX.Tests.Slim.Support;

/// <summary>Keys for the tests of the identity tables (the map of object keys, the writer's pool of raw addresses).</summary>
public static class IdentityKeys
{
    /// <summary>
    /// <paramref name="count"/> nodes with a byte array allocated after each (left to die), so that consecutive keys do
    /// not sit side by side in memory.
    /// </summary>
    public static object[] Spread(int count)
    {
        var keys = new object[count];
        var garbage = new List<byte[]>();
        for (int i = 0; i < count; i++)
        {
            keys[i] = new Node { Name = "key " + i };
            garbage.Add(new byte[64]);
        }
        return keys;
    }

    /// <summary>
    /// <paramref name="count"/> keys of mixed sizes (24 to 136 bytes: nodes, strings, byte and long arrays), so that a
    /// 4 KB page holds 30 to 170 of them.
    /// </summary>
    public static object[] Mixed(int count)
    {
        var keys = new object[count];
        for (int i = 0; i < count; i++)
        {
            keys[i] = (i % 4) switch { 0 => new Node(), 1 => "key " + i, 2 => new byte[i % 113], _ => new long[i % 7] };
        }
        return keys;
    }
}
