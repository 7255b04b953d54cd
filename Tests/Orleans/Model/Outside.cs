namespace Acme.Driver
{
    /// <summary>A third-party-style exception: no Orleans attributes, outside System/Microsoft/Azure, a property and an inner exception.</summary>
    public sealed class DriverException : Exception
    {
        public DriverException(string message, int code, Exception? inner) : base(message, inner) => Code = code;

        public int Code { get; }
    }
}

namespace Outside.Policy
{
    /// <summary>A type no node's policy admits.</summary>
    public sealed class Secret
    {
        public string Value = string.Empty;
    }
}
