using NFX.Glue;

namespace NFX.Tests.Glue.Support;

/// <summary>Every call shape a contract may have.</summary>
[Glued]
public interface IShapes
{
    Task Nop();

    Task<int> Add(int a, int b);

    ValueTask Touch(string key);

    ValueTask<string?> Echo(string? text);

    Task<string> Describe(int value);

    Task<string> Describe(string value);

    Task<string> Describe(int value, string label);

    Task<long> SumNine(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, long a9);

    Task<Person> Adopt(Person parent, Person child);

    Task<GluePayloadMarkerZq> Mark(GluePayloadMarkerZq marker);

    [OneWay]
    void Fire(string message);

    Task<int> Delay(int milliseconds, CancellationToken cancellationToken);

    ValueTask<int> CountTo(int n, CancellationToken cancellationToken);

    Task Throw(string message);

    Task<byte[]> Blob(int size);

    Task<int> Measure(byte[] data);

    Task<object?> Box(object? value);
}
